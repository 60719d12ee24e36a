import type { MouseEvent } from "react";
import { useNavigate } from "react-router-dom";

/** Server-sanitised HTML (article bodies, static pages); site-relative links navigate inside the app. */
export function HtmlBody({ html, className = "article-body" }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href || !href.startsWith("/") || href.startsWith("//") || link.target || /\.(xml|txt)$/.test(href)) return;
    e.preventDefault();
    void navigate(href);
  };
  // Delegation: the click handler only intercepts clicks on links, which stay keyboard-operable themselves.
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
