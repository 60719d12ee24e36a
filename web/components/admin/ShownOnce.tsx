import { useState } from "react";

/** A secret the server returns only once (an API key, a signing secret): shown with a copy button until dismissed. */
export function ShownOnce({ title, value, onDone }: { title: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
  }
  return (
    <section className="admin-card admin-shown-once" role="status" aria-label={title}>
      <h2>{title}</h2>
      <p>Copy it now: it is stored only as a hash and will not be shown again.</p>
      <div className="admin-shown-once-value">
        <input readOnly value={value} aria-label={title} onFocus={(e) => e.currentTarget.select()} data-testid="shown-once" />
        <button type="button" className="admin-btn" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <div className="admin-form-actions">
        <button type="button" className="admin-btn admin-btn-primary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </section>
  );
}
