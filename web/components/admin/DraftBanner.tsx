import type { ReactNode } from "react";

/** Offers back work kept in the browser: restore it into the form, or discard it. */
export function DraftBanner({ children, restoreLabel, onRestore, onDiscard }: { children: ReactNode; restoreLabel: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className="admin-banner" role="status">
      <span>{children}</span>
      <span className="admin-banner-actions">
        <button type="button" className="admin-btn admin-btn-primary" onClick={onRestore}>
          {restoreLabel}
        </button>
        <button type="button" className="admin-btn" onClick={onDiscard}>
          Discard
        </button>
      </span>
    </div>
  );
}
