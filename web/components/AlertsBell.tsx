// The bell of breaking-news alerts on the home and article pages: a button in the first chunk, a few hundred bytes;
// the dialog (topics, the browser's permission prompt, the subscription) is a chunk of its own, loaded on the click.
import { lazy, Suspense, useState } from "react";

const AlertsDialog = lazy(() => import("./AlertsDialog.js"));

export function AlertsBell() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="icon-btn alerts-bell" aria-label="Breaking news alerts" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlertsDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
