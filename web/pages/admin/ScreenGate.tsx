// The one gate in front of every administrator screen: a screen whose permission the signed-in role lacks says so
// instead of failing call by call. The screen's permission is in screens.ts; what the role allows comes from the
// server (GET /api/admin/me's permissions, the table src/schemas/staff.ts that every procedure checks).
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PERMISSIONS, ROLE_LABELS } from "../../../src/schemas/staff.js";
import { AdminLayout, useAdminSession, useMe } from "./AdminLayout.js";
import type { AdminScreen } from "./screens.js";

export function ScreenGate({ screen, children }: { screen: Omit<AdminScreen, "path">; children: ReactNode }) {
  const { state } = useAdminSession();
  const { me, failed, allowed } = useMe();
  // Without a session (or before it is known) the screen's own layout shows the sign-in gate.
  if (!screen.permission || state === "unauthenticated") return children;
  // The screen's calls wait until the role is known: none is sent that the server would refuse.
  if (state === "unknown" || (!me && !failed)) return <p className="admin-loading" aria-busy="true">Checking session…</p>;
  if (!me || allowed(screen.permission)) return children;
  return (
    <AdminLayout title={screen.feature?.title ?? screen.nav ?? "No access"}>
      <div className="admin-card admin-no-access" role="alert" data-testid="no-access">
        <h2>You don&apos;t have access to this screen</h2>
        <p>
          This screen is for the roles allowed “{PERMISSIONS[screen.permission]}”. Your role, {ROLE_LABELS[me.role]}, is not; an administrator can change it on the Staff screen.
        </p>
        <Link to="/admin" className="admin-btn admin-btn-ghost">
          ← Dashboard
        </Link>
      </div>
    </AdminLayout>
  );
}
