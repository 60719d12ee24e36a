// The analytics cards shared by /analytics and /growth: a card frame with its refresh note, landing
// pages, recommendations and top categories. Presentational: the pages fetch and pass the data.
import type { ReactNode } from "react";
import { categoryLabel } from "../../../src/schemas/constants.js";
import { sameOriginPath } from "../../lib/links.js";
import { Block } from "./figures.js";
import { useSiteTime } from "./zonedTime.js";

export function Card({ title, query, children, refresh }: { title: string; query: { isLoading: boolean; isError: boolean; error: { message: string } | null; dataUpdatedAt: number }; children: ReactNode; refresh: string }) {
  const time = useSiteTime();
  return (
    <section className="admin-card admin-figure-card" aria-label={title}>
      <header className="admin-figure-card-head">
        <h2>{title}</h2>
        <small className="admin-muted">
          {query.dataUpdatedAt ? `Updated ${time.formatClock(query.dataUpdatedAt)} · ` : ""}refreshes {refresh}
        </small>
      </header>
      {query.isLoading && <p className="admin-muted">Loading…</p>}
      {query.isError && <p className="admin-error">Could not load: {query.error?.message}</p>}
      {children}
    </section>
  );
}

export function LandingPages({ pages }: { pages: { title: string; url: string; sessions: number; bounceRate: number | null }[] }) {
  return (
    <Block title="Top landing pages (30 days)">
      {pages.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-compact">
            <thead>
              <tr>
                <th>Page</th>
                <th>Sessions</th>
                <th>Bounce</th>
              </tr>
            </thead>
            <tbody>
              {pages.map((p) => (
                <tr key={p.url}>
                  <td>
                    {/* Recorded paths come from readers' beacons: link only those that stay on this site. */}
                    {sameOriginPath(p.url) ? (
                      <a href={sameOriginPath(p.url)!} target="_blank" rel="noopener">
                        {p.title}
                      </a>
                    ) : (
                      p.title
                    )}
                  </td>
                  <td>{p.sessions}</td>
                  <td>{p.bounceRate === null ? "—" : `${p.bounceRate} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="admin-muted admin-small">No visits recorded yet.</p>
      )}
    </Block>
  );
}

type Rec = { title: string; detail: string; basedOn: string; value: number | null };
export function Recommendations({ m }: { m: { optimizationRecommendations: Rec[]; marketOpportunities: Rec[] } }) {
  const list = (items: Rec[], empty: string) =>
    items.length ? (
      <ul className="admin-recs">
        {items.map((r) => (
          <li key={r.title + r.basedOn}>
            <strong>{r.title}</strong>
            <p>{r.detail}</p>
            <small className="admin-muted">
              Based on {r.basedOn}
              {r.value !== null ? ` = ${r.value}` : ""}
            </small>
          </li>
        ))}
      </ul>
    ) : (
      <p className="admin-muted admin-small">{empty}</p>
    );
  return (
    <>
      <Block title="Optimisation recommendations">{list(m.optimizationRecommendations, "No recommendations yet.")}</Block>
      <Block title="Market opportunities">{list(m.marketOpportunities, "No opportunities identified yet.")}</Block>
    </>
  );
}

export function TopCategories({ categories }: { categories: string[] }) {
  return <Block title="Top categories by views">{categories.length ? <p>{categories.map(categoryLabel).join(", ")}</p> : <p className="admin-muted admin-small">No article views recorded yet.</p>}</Block>;
}
