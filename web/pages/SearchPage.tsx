import { Link } from "react-router-dom";
import { AD_SLOTS, CATEGORIES, categoryLabel } from "../../src/schemas/constants.js";
import { AdSlot } from "../components/AdSlot.js";
import { Layout } from "../components/Layout.js";
import { FrameSlot } from "../lib/frameSlot.js";
import { popularInput } from "../hooks/queries.js";
import { formatShortDate } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { SearchMain } from "./SearchMain.js";
import { rpc } from "../lib/rpc.js";

export { MID_PAGE_AD_AFTER } from "./SearchMain.js";

/**
 * /search. Its frame (the site's frame, the sidebar, the ads) is the same for every query: the server renders it once
 * and renders only the main column per request (FrameSlot, src/ssr/framedPages.ts).
 */
export function SearchPage() {
  return (
    <Layout topAdSlot={AD_SLOTS.searchTop}>
      <div className="container">
        <div className="page-grid">
          <FrameSlot className="main-col">
            <SearchMain />
          </FrameSlot>
          <SearchSidebar />
        </div>
        <AdSlot slot={AD_SLOTS.searchBottom} format="banner" />
      </div>
    </Layout>
  );
}

function SearchSidebar() {
  const { timeZone } = useSite();
  const popular = rpc.articles.cards.useQuery(popularInput);
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <AdSlot slot={AD_SLOTS.sidebar} format="rectangle" />
      <section className="side-card" aria-labelledby="popular-title">
        <h2 id="popular-title" className="side-title">
          Popular Articles
        </h2>
        <ol className="popular-list">
          {(popular.data ?? []).map((a) => (
            <li key={a.id}>
              <Link to={`/article/${a.slug}`}>{a.title}</Link>
              <span className="side-note">{a.publishedAt ? formatShortDate(a.publishedAt, timeZone) : "No date"}</span>
            </li>
          ))}
        </ol>
      </section>
      <nav className="side-card" aria-labelledby="browse-title">
        <h2 id="browse-title" className="side-title">
          Browse by Category
        </h2>
        <ul className="browse-list">
          {CATEGORIES.map((c) => (
            <li key={c}>
              <Link to={`/category/${c}`}>{categoryLabel(c)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
