import { useEffect } from "react";

/** Keeps the tab title right on client-side navigation (the server renders the same title into the head). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
