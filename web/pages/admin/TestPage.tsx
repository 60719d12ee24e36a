/** /test: a button that shows an alert (a check that the admin app runs). */
export function TestPage() {
  return (
    <main className="admin-gate">
      <div className="admin-card admin-gate-card">
        <h1>Test Page</h1>
        <p className="admin-muted">Checks that the app's scripts run in this browser.</p>
        <button type="button" className="admin-btn admin-btn-primary" onClick={() => window.alert("Test button clicked! The app is working.")}>
          Test Button
        </button>
      </div>
    </main>
  );
}
