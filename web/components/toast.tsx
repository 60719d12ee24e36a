// Toasts usable from any page (reader and admin): `const { toast } = useToast(); toast({ title, description, variant })`.
// A tiny store outside React so any component can raise one; <Toaster/> (mounted once in App's Providers)
// shows them in a polite live region. Each disappears after 5 s, at most 420 px wide (CSS).
import { useSyncExternalStore, useCallback } from "react";
import { Toaster as ToasterIsland } from "./islands.js";

export const TOAST_LIFETIME_MS = 5000;
const MAX_VISIBLE = 3;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
interface ToastItem extends ToastInput {
  id: number;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const EMPTY: ToastItem[] = [];

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Raises a toast; returns its id (for dismissing it early). */
export function toast(input: ToastInput) {
  const id = nextId++;
  items = [...items, { ...input, id }].slice(-MAX_VISIBLE);
  emit();
  // The toaster is an island that waits for the first interaction: a toast raised before it (a page's own
  // message on load) wakes it, and it alone.
  ToasterIsland.wake();
  if (typeof window !== "undefined") window.setTimeout(() => dismiss(id), TOAST_LIFETIME_MS);
  return id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useToast() {
  const current = useSyncExternalStore(subscribe, () => items, () => EMPTY);
  const raise = useCallback((input: ToastInput) => toast(input), []);
  return { toast: raise, dismiss, toasts: current };
}

export function Toaster() {
  const { toasts } = useToast();
  return (
    <section className="toaster" aria-label="Notifications">
      <ol className="toaster-list">
        {toasts.map((t) => (
          <li key={t.id} className={`toast${t.variant === "destructive" ? " toast-destructive" : ""}`} role={t.variant === "destructive" ? "alert" : "status"} aria-live={t.variant === "destructive" ? "assertive" : "polite"}>
            <div className="toast-body">
              <div className="toast-title">{t.title}</div>
              {t.description && <div className="toast-description">{t.description}</div>}
            </div>
            <button type="button" className="toast-close" aria-label="Close notification" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
