// A promise-returning confirmation dialog: `const confirm = useConfirm(); if (await confirm({...})) …`.
// Rendered as a modal <dialog> so focus is trapped and Escape cancels.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
}

export function useConfirm() {
  const [request, setRequest] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const confirm = useCallback((r: ConfirmRequest) => new Promise<boolean>((resolve) => setRequest({ ...r, resolve })), []);
  const close = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  const dialog = request ? <ConfirmDialog {...request} onClose={close} /> : null;
  return [confirm, dialog] as const;
}

function ConfirmDialog({ title, message, confirmLabel = "Delete", destructive = true, onClose }: ConfirmRequest & { onClose: (ok: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="admin-dialog" aria-labelledby="confirm-title" onCancel={(e) => (e.preventDefault(), onClose(false))}>
      <h2 id="confirm-title">{title}</h2>
      <div className="admin-dialog-message">{message}</div>
      <div className="admin-dialog-actions">
        <button type="button" className="admin-btn" onClick={() => onClose(false)} autoFocus>
          Cancel
        </button>
        <button type="button" className={`admin-btn ${destructive ? "admin-btn-danger" : "admin-btn-primary"}`} onClick={() => onClose(true)}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
