/** The red LIVE badge of a running live blog (article page, cards, ticker); its pulsing dot is the stylesheet's. */
export const LiveBadge = ({ className }: { className?: string }) => <span className={className ? `badge badge-live ${className}` : "badge badge-live"}>LIVE</span>;
