import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { errorStatus, trpc } from "../../trpc.js";
import { AdminShell, LogoutButton, useAdminSession, useExpireOnUnauthorized, useMe } from "./AdminLayout.js";
import { ADMIN_FEATURES } from "./screens.js";

/** /admin: the password login, or the dashboard once logged in. */
export function AdminHome() {
  const { state } = useAdminSession();
  useEffect(() => {
    document.title = state === "authenticated" ? "Dashboard | Admin" : "Admin Login";
  }, [state]);
  if (state === "unknown") return <p className="admin-loading" aria-busy="true">Checking session…</p>;
  return state === "authenticated" ? <Dashboard /> : <LoginForm />;
}

function LoginForm() {
  const { setAuthenticated } = useAdminSession();
  const navigate = useNavigate();
  // A screen's 'Go to Admin Login' sends its path along, so the login returns there (an unsaved draft is offered back).
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = trpc.admin.login.useMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const result = await login.mutateAsync({ email: email.trim() || undefined, password, code: code.trim() || undefined });
      if (result.success) {
        setAuthenticated(true);
        if (from && from.startsWith("/") && !from.startsWith("//")) void navigate(from, { replace: true });
      }
      else setError("Invalid password");
    } catch (err) {
      const status = errorStatus(err);
      // The second factor is due (or the code was wrong): the code field appears.
      if ((err as { data?: { reason?: string } }).data?.reason === "TWO_FACTOR_REQUIRED") {
        if (askCode) setError((err as Error).message);
        setAskCode(true);
        return;
      }
      // 429 carries the throttle's wait; any other server answer is a refused login; no answer is a network failure.
      if (status === 429) setError((err as Error).message);
      else setError(status ? "Invalid password" : "Login failed - please try again");
    }
  }

  return (
    <div className="admin-gate">
      <form className="admin-card admin-login" onSubmit={submit}>
        <h1>Admin Login</h1>
        <p className="admin-muted">Sign in with your newsroom e-mail and password (the owner may leave the e-mail empty). A session lasts 24 hours.</p>
        <label className="admin-field">
          <span>E-mail</span>
          <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="admin-field">
          <span>Password</span>
          <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required autoFocus />
        </label>
        {askCode && (
          <label className="admin-field">
            <span>Code from your authenticator app (or a recovery code)</span>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} required autoFocus maxLength={40} />
          </label>
        )}
        {error && (
          <p className="admin-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="admin-btn admin-btn-primary admin-btn-block" disabled={login.isPending}>
          {login.isPending ? "Logging in..." : "Login"}
        </button>
        <a href="/staff/reset" className="admin-link-muted">
          Forgot your password?
        </a>
        <Link to="/" className="admin-link-muted">
          ← Back to the website
        </Link>
      </form>
    </div>
  );
}


function Dashboard() {
  const { me, allowed } = useMe();
  const status = trpc.admin.systemStatus.useQuery(undefined, { staleTime: 0, refetchInterval: 60_000, enabled: allowed("analytics:read") && Boolean(me) });
  useExpireOnUnauthorized(status.error);
  const s = status.data;
  return (
    <AdminShell>
      <main className="admin-main">
        <div className="admin-heading">
          <h1>Dashboard</h1>
          <div className="admin-heading-actions">
            <LogoutButton className="admin-btn" />
          </div>
        </div>
        <section aria-labelledby="quick-actions" className="admin-section">
          <h2 id="quick-actions">Quick Actions</h2>
          <div className="admin-quick">
            <a className="admin-btn" href="/" target="_blank" rel="noopener">
              View Website
            </a>
            <Link className="admin-btn admin-btn-primary" to="/editor">
              Create New Article
            </Link>
            <Link className="admin-btn" to="/analytics">
              View Analytics
            </Link>
            <Link className="admin-btn" to="/site-pages">
              Edit Site Pages
            </Link>
          </div>
        </section>
        <section aria-labelledby="system-status" className="admin-card admin-section">
          <h2 id="system-status">System Status</h2>
          {status.isLoading && <p className="admin-muted">Loading…</p>}
          {status.isError && <p className="admin-error">System status unavailable: {status.error.message}</p>}
          {s && (
            <dl className="admin-statusgrid">
              <div>
                <dt>Database</dt>
                <dd>
                  <span className={`admin-dot ${s.database.reachable ? "ok" : "bad"}`} aria-hidden="true" />
                  {{ sqlite: "SQLite (embedded)", mysql: "MySQL", mariadb: "MariaDB" }[s.database.kind]} — {s.database.reachable ? `reachable (${s.database.latencyMs} ms)` : "unreachable"}
                </dd>
              </div>
              <div>
                <dt>Published articles</dt>
                <dd>{s.articles.published}</dd>
              </div>
              <div>
                <dt>Scheduled</dt>
                <dd>{s.articles.scheduled}</dd>
              </div>
              <div>
                <dt>Drafts</dt>
                <dd>{s.articles.drafts}</dd>
              </div>
              <div>
                <dt>Archived</dt>
                <dd>{s.articles.archived}</dd>
              </div>
              <div>
                <dt>Comments awaiting moderation</dt>
                <dd>
                  <Link to="/comments">{s.pendingComments}</Link>
                </dd>
              </div>
              <div>
                <dt>Newsletter subscribers</dt>
                <dd>{s.activeSubscribers}</dd>
              </div>
              <div>
                <dt>Premium requests</dt>
                <dd>
                  <Link to="/premium">{s.premiumRequests}</Link>
                </dd>
              </div>
            </dl>
          )}
        </section>
        <section aria-labelledby="features" className="admin-section">
          <h2 id="features">Newsroom</h2>
          <div className="admin-features">
            {ADMIN_FEATURES.filter((f) => allowed(f.permission)).map((f) => (
              <Link key={f.to} to={f.to} className="admin-card admin-feature">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </Link>
            ))}
          </div>
        </section>
      </main>
    </AdminShell>
  );
}
