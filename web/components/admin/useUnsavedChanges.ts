import { useEffect, useRef, useState } from "react";

/** Warns before the tab is closed or reloaded while `dirty` is true. */
export function useBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

interface StoredDraft<T> {
  value: T;
  savedAt: string;
}

/**
 * Keeps an unsaved form in localStorage under `key` while it differs from `saved`, and offers a draft
 * found there (from an earlier visit) back once: `offer` is that draft until restored or discarded.
 */
export function useLocalDraft<T>(key: string, value: T, saved: T | undefined, ready: boolean) {
  const [offer, setOffer] = useState<StoredDraft<T> | null>(null);
  const [checked, setChecked] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!ready || checked || saved === undefined) return;
    setChecked(true);
    try {
      const raw = window.localStorage.getItem(key);
      if (!raw) return;
      const draft = JSON.parse(raw) as StoredDraft<T>;
      if (JSON.stringify(draft.value) !== JSON.stringify(saved)) setOffer(draft);
      else window.localStorage.removeItem(key);
    } catch {
      window.localStorage.removeItem(key);
    }
  }, [ready, checked, saved, key]);

  // While a draft is on offer nothing is written, so the offered draft is never overwritten.
  useEffect(() => {
    if (!checked || offer || saved === undefined) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      try {
        if (JSON.stringify(value) === JSON.stringify(saved)) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, JSON.stringify({ value, savedAt: new Date().toISOString() } satisfies StoredDraft<T>));
      } catch {
        // Storage full or disabled: the beforeunload warning still protects the work.
      }
    }, 300);
    return () => window.clearTimeout(timer.current);
  }, [key, value, saved, checked, offer]);

  return {
    offer,
    /** Hands the offered draft back (the caller puts it in the form) and stops offering it. */
    accept: () => {
      const v = offer?.value;
      setOffer(null);
      return v;
    },
    discard: () => {
      setOffer(null);
      window.localStorage.removeItem(key);
    },
    /** Forgets the stored draft (after a successful save or delete). */
    clear: (otherKey = key) => {
      window.clearTimeout(timer.current);
      window.localStorage.removeItem(otherKey);
    },
  };
}
