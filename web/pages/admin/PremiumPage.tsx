import { AdminLayout } from "./AdminLayout.js";

/** Placeholder until the premium screen lands: behind the admin session gate like every admin screen. */
export default function PremiumPage() {
  return (
    <AdminLayout title="Premium">
      <p className="admin-card admin-muted">This screen is being built.</p>
    </AdminLayout>
  );
}
