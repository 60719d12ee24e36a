// The shared frame of every administrator screen: <AdminLayout title="…">…</AdminLayout> checks the
// session (status call on load; a failed call counts as logged out) and shows 'Authentication Required'
// with 'Go to Admin Login' without one, else the admin navigation and the screen. PremiumPage and
// SettingsPage use it too: `import { AdminLayout } from "./AdminLayout.js"`.
import { useEffect, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { trpc, errorCode } from "../../trpc.js";
import { ADMIN_NAV } from "./screens.js";
import type { Permission } from "../../../src/schemas/staff.js";
import "../../styles/admin.css";

export type SessionState = "unknown" | "authenticated" | "unauthenticated";

/** The administrator session as the status call reports it. */
export function useAdminSession() {
  const utils = trpc.useUtils();
  // A screen mounting later (past the screen gate) reads the answer as it is: a failed call is not retried on
  // mount, which would put the session back to "unknown" and unmount that screen again, over and over.
  const status = trpc.admin.status.useQuery(undefined, { staleTime: 60_000, refetchOnWindowFocus: true, retryOnMount: false });
  const state: SessionState = status.isError ? "unauthenticated" : status.data ? (status.data.authenticated ? "authenticated" : "unauthenticated") : "unknown";
  return {
    state,
    // Signing in or out changes who is signed in: the person (and what their role allows) is read again.
    setAuthenticated: (authenticated: boolean) => {
      utils.admin.status.setData(undefined, { authenticated });
      void utils.me.get.invalidate();
    },
  };
}

/** The signed-in staff member, and whether their role allows a permission (to offer only the screens it may use). */
export function useMe() {
  const me = trpc.me.get.useQuery(undefined, { staleTime: 60_000, retryOnMount: false });
  return { me: me.data, failed: me.isError, allowed: (permission?: Permission) => !permission || Boolean(me.data?.permissions.includes(permission)) };
}

/** When any admin call answers 401 (the session expired), the screen falls back to the login gate. */
export function useExpireOnUnauthorized(error: unknown) {
  const { setAuthenticated } = useAdminSession();
  useEffect(() => {
    if (errorCode(error) === "UNAUTHORIZED") setAuthenticated(false);
  }, [error]); // eslint-disable-line react-hooks/exhaustive-deps
}


export function LogoutButton({ className = "admin-btn admin-btn-ghost" }: { className?: string }) {
  const { setAuthenticated } = useAdminSession();
  const navigate = useNavigate();
  const logout = trpc.admin.logout.useMutation({
    onSettled: () => {
      setAuthenticated(false);
      void navigate("/admin");
    },
  });
  return (
    <button type="button" className={className} onClick={() => logout.mutate()} disabled={logout.isPending}>
      Logout
    </button>
  );
}

export function AuthRequired() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="admin-gate">
      <div className="admin-card admin-gate-card" role="alert">
        <h1>Authentication Required</h1>
        <p>Please sign in to the newsroom to use this page.</p>
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => navigate("/admin", { state: { from: location.pathname + location.search } })}>
          Go to Admin Login
        </button>
      </div>
    </div>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const { me, allowed } = useMe();
  return (
    <div className="admin-root">
      <header className="admin-topbar">
        <Link to="/admin" className="admin-brand">
          Newsroom
        </Link>
        <nav className="admin-nav" aria-label="Administration">
          {ADMIN_NAV.filter((n) => allowed(n.permission)).map((n) => (
            <NavLink key={n.to} to={n.to} end={n.end} className={({ isActive }) => (isActive ? "active" : undefined)}>
              {n.label}
            </NavLink>
          ))}
        </nav>
        <div className="admin-topbar-actions">
          <a href="/" target="_blank" rel="noopener" className="admin-btn admin-btn-ghost">
            View Website
          </a>
          <LogoutButton />
        </div>
      </header>
      {me?.twoFactorRequired && (
        <p className="admin-banner-required" role="alert">
          Your role must use two-factor sign-in. <Link to="/profile">Set it up in My profile</Link>.
        </p>
      )}
      {children}
    </div>
  );
}

/** An admin screen: the session gate, then the navigation, the heading and the screen's content. */
export function AdminLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { state } = useAdminSession();
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
  if (state === "unknown") return <p className="admin-loading" aria-busy="true">Checking session…</p>;
  if (state === "unauthenticated") return <AuthRequired />;
  return (
    <AdminShell>
      <main className="admin-main">
        <div className="admin-heading">
          <h1>{title}</h1>
          {actions && <div className="admin-heading-actions">{actions}</div>}
        </div>
        {children}
      </main>
    </AdminShell>
  );
}
