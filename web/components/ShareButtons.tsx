import { useEffect, useRef, useState, type MouseEvent } from "react";
import { SHARE_HASHTAGS } from "../../src/schemas/constants.js";
import { trackShare, type ShareNetwork } from "../lib/analytics.js";
import { useSite } from "../lib/site.js";
import { useToast } from "./toast.js";

export const POPUP_FEATURES = "width=600,height=400,noopener,noreferrer";

export function shareLinks(title: string, url: string, siteName: string) {
  const u = encodeURIComponent(url);
  return {
    x: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}&hashtags=${SHARE_HASHTAGS.join(",")}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`Check out this article from ${siteName}: ${url}`)}`,
  };
}

const LABELS: Record<Exclude<ShareNetwork, "copy">, string> = { x: "Share on X", facebook: "Share on Facebook", linkedin: "Share on LinkedIn", email: "Share by email" };

/** Share control ('compact': a Share button opening a menu) or the detailed share row under the article. */
export function ShareButtons({ title, path, articleId, variant }: { title: string; path: string; articleId: number; variant: "compact" | "row" }) {
  const { siteName, siteUrl } = useSite();
  const { toast } = useToast();
  const url = `${siteUrl}${path}`;
  const links = shareLinks(title, url, siteName);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: globalThis.MouseEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", onDown);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open]);

  const popup = (network: "x" | "facebook" | "linkedin") => (e: MouseEvent) => {
    e.preventDefault();
    trackShare({ network, articleId, path });
    window.open(links[network], `share-${network}`, POPUP_FEATURES);
    setOpen(false);
  };
  const copy = async () => {
    trackShare({ network: "copy", articleId, path });
    setOpen(false);
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied!", description: "The article link has been copied to your clipboard." });
    } catch {
      toast({ title: "Copy failed", description: "Please try again or copy the URL manually.", variant: "destructive" });
    }
  };

  const items = (
    <>
      {(["x", "facebook", "linkedin"] as const).map((n) => (
        <a key={n} href={links[n]} className={`share-btn share-${n}`} onClick={popup(n)} target="_blank" rel="noopener noreferrer" role={variant === "compact" ? "menuitem" : undefined}>
          {LABELS[n].replace("Share on ", "")}
          <span className="sr-only"> ({LABELS[n]})</span>
        </a>
      ))}
      <a href={links.email} className="share-btn share-email" onClick={() => trackShare({ network: "email", articleId, path })} role={variant === "compact" ? "menuitem" : undefined}>
        Email
      </a>
      <button type="button" className="share-btn share-copy" onClick={copy} role={variant === "compact" ? "menuitem" : undefined}>
        Copy Link
      </button>
    </>
  );

  if (variant === "row")
    return (
      <section className="share-row" aria-label="Share this article">
        <h2 className="share-title">Share this article</h2>
        <div className="share-items">{items}</div>
      </section>
    );
  return (
    <div className="share-control" ref={box} onKeyDown={(e) => e.key === "Escape" && setOpen(false)}>
      <button type="button" className="btn btn-outline" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Share
      </button>
      {open && (
        <div className="share-menu" role="menu" aria-label="Share options">
          {items}
        </div>
      )}
    </div>
  );
}
