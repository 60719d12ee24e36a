// Suggestions as the reader types in the header's search: up to 8 titles from GET /api/search/suggest (a small JSON
// answer that HTTP caches and the page cache keep), after 2 characters. The input becomes an ARIA combobox once the
// code runs (arrows move through the list, Enter opens the article, Escape closes the list); before that, and
// without code, it is the plain search form it always was, and Enter without a chosen title still searches.
import { useEffect, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router-dom";
import { SUGGEST_MIN_LENGTH } from "../../src/schemas/searchConstants.js";

interface Suggestion {
  title: string;
  slug: string;
}

/** Waits this long after the last keystroke before asking. */
const TYPING_PAUSE_MS = 120;

/** The combobox's attributes for the input (none before the code runs) and the list to render after it. */
export function useSearchSuggestions(inputId: string, value: string, onPick: () => void) {
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    const q = value.trim();
    if (q.length < SUGGEST_MIN_LENGTH) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<Suggestion[]>) : []))
        .then((list) => {
          setItems(list);
          setActive(-1);
        })
        .catch(() => undefined);
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);

  const listId = `${inputId}-suggestions`;
  const expanded = ready && open && items.length > 0;
  const pick = (s: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onPick();
    void navigate(`/article/${s.slug}`);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!items.length) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      const n = items.length;
      setActive((a) => (!expanded || a < 0 ? (step > 0 ? 0 : n - 1) : (a + step + n) % n));
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      pick(items[active]);
    } else if (e.key === "Escape" && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  const inputProps = ready
    ? {
        role: "combobox",
        "aria-autocomplete": "list" as const,
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
        autoComplete: "off",
        onKeyDown,
        onFocus: () => setOpen(true),
        onInput: () => setOpen(true),
        onBlur: () => setOpen(false),
      }
    : {};
  const list = ready ? (
    <>
      <ul id={listId} role="listbox" aria-label="Suggested articles" className="search-suggestions" hidden={!expanded}>
        {items.map((s, i) => (
          // mousedown would blur the input (closing the list) before the click lands.
          <li key={s.slug} id={`${listId}-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(s)}>
            {s.title}
          </li>
        ))}
      </ul>
      <span className="sr-only" aria-live="polite">
        {expanded ? `${items.length} suggested ${items.length === 1 ? "article" : "articles"}: arrow keys to choose` : ""}
      </span>
    </>
  ) : null;
  return { inputProps, list };
}
