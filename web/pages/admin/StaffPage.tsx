import { useState, type FormEvent } from "react";
import { PERMISSIONS, ROLES, ROLE_LABELS, ROLE_PERMISSIONS, type Permission, type Role } from "../../../src/schemas/staff.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

const INVITABLE = ROLES.filter((r) => r !== "owner");

/** /staff: the people of the newsroom, their roles and status, invitations; and the role table itself. */
export default function StaffPage() {
  return (
    <AdminLayout title="Staff">
      <Staff />
      <RoleTable />
    </AdminLayout>
  );
}

function Staff() {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const me = trpc.me.get.useQuery();
  const list = trpc.staff.list.useQuery(undefined, { staleTime: 0 });
  const invitations = trpc.staff.invitations.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const invite = trpc.staff.invite.useMutation();
  const update = trpc.staff.update.useMutation();
  const remove = trpc.staff.delete.useMutation();
  const revoke = trpc.staff.revokeInvitation.useMutation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("contributor");
  const refresh = () => Promise.all([utils.staff.list.invalidate(), utils.staff.invitations.invalidate()]);
  const fail = (title: string) => (err: Error) => toast({ title, description: err.message, variant: "destructive" });

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const sent = await invite.mutateAsync({ email: email.trim(), role: role as Exclude<Role, "owner"> });
      toast({ title: "Invitation sent", description: `${sent.email} can join as ${ROLE_LABELS[sent.role]} until ${format(sent.expiresAt)}.` });
      setEmail("");
      await refresh();
    } catch (err) {
      fail("Not invited")(err as Error);
    }
  }

  async function change(id: number, patch: { role?: Role; status?: "active" | "suspended" }, question?: string) {
    if (question && !(await confirm({ title: "Are you sure?", message: question, confirmLabel: "Yes" }))) return;
    await update.mutateAsync({ id, ...patch }).catch(fail("Not changed"));
    await refresh();
  }

  async function del(id: number, name: string) {
    const ok = await confirm({ title: "Delete staff member", message: <>Delete {name}? Their articles become yours; their sessions and API keys end at once.</>, confirmLabel: "Delete" });
    if (!ok) return;
    await remove.mutateAsync({ id }).catch(fail("Not deleted"));
    await refresh();
  }

  return (
    <div className="admin-stack">
      {confirmDialog}
      <form className="admin-card admin-form" onSubmit={submit} aria-label="Invite">
        <h2>Invite someone</h2>
        <div className="admin-form-grid">
          <label className="admin-field">
            <span>E-mail *</span>
            <input name="email" type="email" value={email} required maxLength={254} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <label className="admin-field">
            <span>Role</span>
            <select name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {INVITABLE.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="admin-form-actions">
          <button type="submit" className="admin-btn admin-btn-primary" disabled={invite.isPending || !email.trim()}>
            Send invitation
          </button>
        </div>
      </form>
      {!!invitations.data?.length && (
        <section className="admin-card" aria-label="Pending invitations">
          <h2>Pending invitations</h2>
          <ul className="admin-list">
            {invitations.data.map((i) => (
              <li key={i.id}>
                {i.email} as {ROLE_LABELS[i.role]}, until {format(i.expiresAt)}{" "}
                <button type="button" className="admin-btn admin-btn-small" onClick={() => revoke.mutateAsync({ id: i.id }).catch(fail("Not revoked")).then(refresh)}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="admin-card" aria-label="Staff members">
        {list.isLoading && <p className="admin-loading">Loading…</p>}
        {list.isError && <p className="admin-error">Could not load: {list.error.message}</p>}
        {!!list.data?.length && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>E-mail</th>
                  <th>Role</th>
                  <th>Status</th>
                  <th>Two-factor</th>
                  <th>Last seen</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.map((s) => {
                  const self = s.id === me.data?.id;
                  const locked = self || (s.role === "owner" && me.data?.role !== "owner");
                  const roles = me.data?.role === "owner" ? ROLES : INVITABLE;
                  return (
                    <tr key={s.id}>
                      <td>{s.name}</td>
                      <td>{s.email ?? "—"}</td>
                      <td>
                        <select aria-label={`Role of ${s.name}`} value={s.role} disabled={locked || s.role === "owner"} onChange={(e) => change(s.id, { role: e.target.value as Role }, e.target.value === "owner" ? `Make ${s.name} the owner? You become an administrator.` : undefined)}>
                          {(s.role === "owner" ? ROLES : roles).map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>{s.status === "active" ? <span className="admin-badge admin-badge-ok">Active</span> : <span className="admin-badge admin-badge-off">Suspended</span>}</td>
                      <td>{s.twoFactor ? "On" : "Off"}</td>
                      <td>{s.lastSeenAt ? format(s.lastSeenAt) : "Never"}</td>
                      <td>
                        {!locked && s.role !== "owner" && (
                          <>
                            <button type="button" className="admin-btn admin-btn-small" onClick={() => change(s.id, { status: s.status === "active" ? "suspended" : "active" }, s.status === "active" ? `Suspend ${s.name}? Their sessions and API keys stop at once.` : undefined)}>
                              {s.status === "active" ? "Suspend" : "Reactivate"}
                            </button>{" "}
                            <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => del(s.id, s.name)}>
                              Delete
                            </button>
                          </>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The role table, as the server enforces it (src/schemas/staff.ts). */
function RoleTable() {
  const permissions = Object.keys(PERMISSIONS) as Permission[];
  return (
    <section className="admin-card" aria-label="Roles">
      <h2>What each role may do</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th>Permission</th>
              {ROLES.map((r) => (
                <th key={r}>{ROLE_LABELS[r]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {permissions.map((p) => (
              <tr key={p}>
                <td>{PERMISSIONS[p]}</td>
                {ROLES.map((r) => (
                  <td key={r}>{ROLE_PERMISSIONS[r].includes(p) ? "✓" : "—"}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
