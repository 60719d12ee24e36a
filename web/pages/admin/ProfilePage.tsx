import { useState, type FormEvent } from "react";
import { ROLE_LABELS } from "../../../src/schemas/staff.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

/** /profile: My profile: the public profile (author page), password, two-factor sign-in, sessions. */
export default function ProfilePage() {
  return (
    <AdminLayout title="My profile">
      <div className="admin-stack">
        <Profile />
        <TwoFactor />
        <Password />
        <Sessions />
      </div>
    </AdminLayout>
  );
}

function Profile() {
  const { utils, toast } = useAdminScreen();
  const me = trpc.me.get.useQuery();
  useExpireOnUnauthorized(me.error);
  const update = trpc.me.update.useMutation();
  const [draft, setDraft] = useState<{ name: string; email: string; slug: string; bio: string; avatarUrl: string } | null>(null);
  if (!me.data) return <p className="admin-loading">Loading…</p>;
  const form = draft ?? { name: me.data.name, email: me.data.email ?? "", slug: me.data.slug, bio: me.data.bio ?? "", avatarUrl: me.data.avatarUrl ?? "" };
  const set = (key: keyof typeof form, value: string) => setDraft({ ...form, [key]: value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await update.mutateAsync({ name: form.name, email: form.email || undefined, slug: form.slug, bio: form.bio, avatarUrl: form.avatarUrl || null });
      setDraft(null);
      await utils.me.get.invalidate();
      toast({ title: "Profile saved" });
    } catch (err) {
      toast({ title: "Not saved", description: (err as Error).message, variant: "destructive" });
    }
  }

  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Profile">
      <h2>
        Profile <span className="admin-badge">{ROLE_LABELS[me.data.role]}</span>
      </h2>
      <p className="admin-muted">
        Your author page: <a href={`/author/${me.data.slug}`}>/author/{me.data.slug}</a>. Your name is the default byline of your articles.
      </p>
      <div className="admin-form-grid">
        <label className="admin-field">
          <span>Name *</span>
          <input name="name" value={form.name} required maxLength={100} onChange={(e) => set("name", e.target.value)} />
        </label>
        <label className="admin-field">
          <span>Sign-in e-mail</span>
          <input name="email" type="email" value={form.email} maxLength={254} onChange={(e) => set("email", e.target.value)} />
        </label>
        <label className="admin-field">
          <span>Author page address (slug)</span>
          <input name="slug" value={form.slug} required maxLength={100} pattern="[a-z0-9]+(-[a-z0-9]+)*" onChange={(e) => set("slug", e.target.value)} />
        </label>
        <label className="admin-field">
          <span>Avatar (image URL from the media library)</span>
          <input name="avatarUrl" value={form.avatarUrl} maxLength={1000} onChange={(e) => set("avatarUrl", e.target.value)} placeholder="/media/…" />
        </label>
        <label className="admin-field">
          <span>Bio</span>
          <textarea name="bio" value={form.bio} maxLength={2000} rows={4} onChange={(e) => set("bio", e.target.value)} />
        </label>
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="admin-btn admin-btn-primary" disabled={update.isPending}>
          Save profile
        </button>
      </div>
    </form>
  );
}

function TwoFactor() {
  const { utils, toast } = useAdminScreen();
  const me = trpc.me.get.useQuery();
  const setup = trpc.me.twoFactorSetup.useMutation();
  const enable = trpc.me.twoFactorEnable.useMutation();
  const disable = trpc.me.twoFactorDisable.useMutation();
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const fail = (title: string) => (err: Error) => toast({ title, description: err.message, variant: "destructive" });

  async function confirmCode(e: FormEvent) {
    e.preventDefault();
    try {
      if (me.data?.twoFactor) {
        await disable.mutateAsync({ code });
        toast({ title: "Two-factor sign-in is off" });
      } else setCodes((await enable.mutateAsync({ code })).recoveryCodes);
      setCode("");
      setup.reset();
      await utils.me.get.invalidate();
    } catch (err) {
      fail("Code not accepted")(err as Error);
    }
  }

  return (
    <section className="admin-card" aria-label="Two-factor sign-in">
      <h2>Two-factor sign-in</h2>
      {me.data?.twoFactorRequired && (
        <p className="admin-error" role="alert">
          Your role must use two-factor sign-in: set it up now.
        </p>
      )}
      {codes && (
        <div role="status">
          <p>
            <strong>Your recovery codes</strong> (each works once, shown only now: keep them somewhere safe):
          </p>
          <pre className="admin-code">{codes.join("\n")}</pre>
          <button type="button" className="admin-btn" onClick={() => setCodes(null)}>
            I have saved them
          </button>
        </div>
      )}
      <p className="admin-muted">{me.data?.twoFactor ? "On: signing in asks for a code from your authenticator app (or a recovery code)." : "Off: your password alone signs you in."}</p>
      {!me.data?.twoFactor && !setup.data && (
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => setup.mutateAsync().catch(fail("Setup failed"))}>
          Set up two-factor sign-in
        </button>
      )}
      {setup.data && (
        <p>
          Add this key to your authenticator app: <code className="admin-code">{setup.data.secret}</code> (or open <a href={setup.data.otpauthUrl}>this link</a> on your phone), then enter the code it shows.
        </p>
      )}
      {(setup.data || me.data?.twoFactor) && (
        <form className="admin-form" onSubmit={confirmCode}>
          <label className="admin-field">
            <span>{me.data?.twoFactor ? "A current code, to turn it off" : "Code from the app"}</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} maxLength={40} required onChange={(e) => setCode(e.target.value)} />
          </label>
          <button type="submit" className={`admin-btn ${me.data?.twoFactor ? "admin-btn-danger" : "admin-btn-primary"}`}>
            {me.data?.twoFactor ? "Turn off" : "Turn on"}
          </button>
        </form>
      )}
    </section>
  );
}

function Password() {
  const { toast } = useAdminScreen();
  const change = trpc.me.changePassword.useMutation();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await change.mutateAsync({ current, password });
      setCurrent("");
      setPassword("");
      toast({ title: "Password changed", description: "Your other sessions have ended." });
    } catch (err) {
      toast({ title: "Not changed", description: (err as Error).message, variant: "destructive" });
    }
  }
  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-label="Password">
      <h2>Password</h2>
      <div className="admin-form-grid">
        <label className="admin-field">
          <span>Current password</span>
          <input name="current" type="password" autoComplete="current-password" value={current} required onChange={(e) => setCurrent(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>New password (at least 10 characters)</span>
          <input name="password" type="password" autoComplete="new-password" value={password} minLength={10} required onChange={(e) => setPassword(e.target.value)} />
        </label>
      </div>
      <button type="submit" className="admin-btn admin-btn-primary" disabled={change.isPending}>
        Change password
      </button>
    </form>
  );
}

function Sessions() {
  const { utils, format, toast } = useAdminScreen();
  const list = trpc.me.sessions.useQuery(undefined, { staleTime: 0 });
  const revoke = trpc.me.revokeSession.useMutation();
  return (
    <section className="admin-card" aria-label="Sessions">
      <h2>Where you are signed in</h2>
      <ul className="admin-list">
        {list.data?.map((s) => (
          <li key={s.id}>
            {s.userAgent ?? "Unknown browser"} — since {format(s.createdAt)}
            {s.lastSeenAt ? `, last seen ${format(s.lastSeenAt)}` : ""} {s.current ? <strong>(this session)</strong> : (
              <button type="button" className="admin-btn admin-btn-small" onClick={() => revoke.mutateAsync({ id: s.id }).then(() => utils.me.sessions.invalidate()).catch((err: Error) => toast({ title: "Not ended", description: err.message, variant: "destructive" }))}>
                End
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
