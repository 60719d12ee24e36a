import { useEffect, useState, type MouseEvent } from "react";
import { opensInPlace } from "../lib/links.js";
import type { ArticleDto } from "../../src/schemas/article.js";

/** 'Contents' toggle listing the body's headings, indented by level; a click scrolls smoothly and moves focus there.
 *  Before (or without) the page's code the toggle is a link to the list, which the stylesheet shows as its target. */
export function TableOfContents({ headings }: { headings: ArticleDto["headings"] }) {
  const [open, setOpen] = useState(false);
  // Opened by its link before the code came: it stays open.
  useEffect(() => {
    if (window.location.hash === "#toc-list") setOpen(true);
  }, []);
  if (headings.length === 0) return null;
  const minLevel = Math.min(...headings.map((h) => h.level));
  const go = (id: string) => (e: MouseEvent) => {
    e.preventDefault();
    const target = document.getElementById(id);
    if (!target) return;
    const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, "", `#${id}`);
  };
  return (
    <nav className="toc" aria-label="Contents">
      <a href="#toc-list" role="button" className="btn btn-outline toc-toggle" aria-expanded={open} aria-controls="toc-list" onClick={opensInPlace(() => setOpen((o) => !o))}>
        Contents
      </a>
      <ol id="toc-list" className="toc-list" hidden={!open}>
        {headings.map((h) => (
          <li key={h.id} style={{ paddingLeft: `${(h.level - minLevel) * 16}px` }} className={`toc-level-${h.level - minLevel + 1}`}>
            <a href={`#${h.id}`} onClick={go(h.id)}>
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
