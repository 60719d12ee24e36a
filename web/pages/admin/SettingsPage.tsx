import { AdminLayout } from "./AdminLayout.js";

/** Placeholder until the settings screen lands: behind the admin session gate like every admin screen. */
export default function SettingsPage() {
  return (
    <AdminLayout title="Settings">
      <p className="admin-card admin-muted">This screen is being built.</p>
    </AdminLayout>
  );
}
