import { Link } from "react-router-dom";
import type { TickerItem } from "../../src/schemas/site.js";
import { useTicker } from "../hooks/queries.js";
import { LiveBadge } from "./LiveBadge.js";

function TickerList({ items, copy }: { items: TickerItem[]; copy?: boolean }) {
  return (
    <ul className="ticker-items" aria-hidden={copy || undefined}>
      {items.map((item, i) => (
        <li key={`${item.link}-${i}`}>
          {item.live && <LiveBadge className="ticker-live" />}
          {item.link.startsWith("/") ? (
            <Link to={item.link} tabIndex={copy ? -1 : undefined}>
              {item.title}
            </Link>
          ) : (
            <a href={item.link} target="_blank" rel="noopener noreferrer" tabIndex={copy ? -1 : undefined}>
              {item.title}
            </a>
          )}
          {item.source && <span className="ticker-source"> · {item.source}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The red breaking-news bar, only when there are items; it scrolls (a hidden copy makes the loop seamless),
 *  pauses on hover and focus, and stands still for readers who prefer reduced motion. */
export function Ticker({ refetchSeconds }: { refetchSeconds: 30 | 60 }) {
  const ticker = useTicker(refetchSeconds);
  const items = ticker.data ?? [];
  if (items.length === 0) return null;
  return (
    <div className="ticker" role="region" aria-label="Breaking news">
      <div className="container ticker-inner">
        <strong className="ticker-label">BREAKING:</strong>
        <div className="ticker-viewport">
          <div className="ticker-track" style={{ animationDuration: `${Math.max(20, items.length * 9)}s` }}>
            <TickerList items={items} />
            <TickerList items={items} copy />
          </div>
        </div>
      </div>
    </div>
  );
}
