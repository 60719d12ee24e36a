import { useEffect, useRef, useState } from "react";
import { trpc } from "../../trpc.js";

/** The editor's live preview through the server's sanitising renderer, debounced while typing. */
export function useArticlePreview(content: string) {
  const render = trpc.toolsAdmin.preview.useMutation();
  const [html, setHtml] = useState("");
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    if (!content.trim()) return;
    const ticket = ++latest.current;
    const timer = window.setTimeout(() => {
      render.mutateAsync({ content }).then(
        (r) => ticket === latest.current && (setHtml(r.html), setError(null)),
        (err: Error) => ticket === latest.current && setError(`Preview unavailable: ${err.message}`),
      );
    }, 350);
    return () => window.clearTimeout(timer);
  }, [content]); // eslint-disable-line react-hooks/exhaustive-deps
  return { html, error, pending: render.isPending };
}
