/** The red LIVE badge of a running live blog (article page, cards, ticker). */
export function LiveBadge({ className = "" }: { className?: string }) {
  return (
    <span className={`badge badge-live ${className}`.trim()}>
      <span className="live-dot" aria-hidden="true" />
      LIVE
    </span>
  );
}
