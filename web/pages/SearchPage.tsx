import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { AD_SLOTS, CATEGORIES, SEARCH_MIN_LENGTH, categoryLabel } from "../../src/schemas/constants.js";
import { AdSlot } from "../components/AdSlot.js";
import { ArticleCard, FIRST_SCREEN_CARDS, SkeletonGrid } from "../components/ArticleCard.js";
import { Layout } from "../components/Layout.js";
import { popularInput, searchInput } from "../hooks/queries.js";
import { formatShortDate } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";

export const MID_PAGE_AD_AFTER = 6;

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const { siteName, timeZone } = useSite();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  useDocumentTitle(q ? `Search: ${q} | ${siteName}` : `Search | ${siteName}`);
  const tooShort = q.length > 0 && q.length < SEARCH_MIN_LENGTH;
  const results = rpc.articles.cards.useQuery(searchInput(q), { enabled: q.length >= SEARCH_MIN_LENGTH });
  const popular = rpc.articles.cards.useQuery(popularInput);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    if (query) void navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  const items = results.data ?? [];

  return (
    <Layout topAdSlot={AD_SLOTS.searchTop}>
      <div className="container">
        <div className="page-grid">
          <div className="main-col">
            <header className="page-header">
              <h1>Search</h1>
              <form role="search" className="search-page-form" onSubmit={submit} action="/search" method="get">
                <label htmlFor="search-page-input" className="sr-only">
                  Search articles
                </label>
                <input id="search-page-input" name="q" type="search" placeholder="Search news..." value={text} onChange={(e) => setText(e.target.value)} />
                <button type="submit" className="btn btn-primary">
                  Search
                </button>
              </form>
            </header>
            {!q ? (
              <div className="empty-state">
                <h2 className="empty-title">Enter a search term</h2>
                <p>Search across every article by title, summary, text or category.</p>
              </div>
            ) : tooShort ? (
              <div className="empty-state">
                <h2 className="empty-title">Enter at least {SEARCH_MIN_LENGTH} characters</h2>
                <p>Search across every article by title, summary, text or category.</p>
              </div>
            ) : results.isPending ? (
              <SkeletonGrid count={6} />
            ) : results.isError ? (
              <div className="alert alert-error" role="alert">
                Search failed. Please try again later.
              </div>
            ) : items.length === 0 ? (
              <div className="empty-state">
                <h2 className="empty-title">No results found</h2>
                <p>No articles match “{q}”. Try different keywords or browse a category.</p>
              </div>
            ) : (
              <section aria-labelledby="results-title">
                <h2 id="results-title" className="results-count" aria-live="polite" aria-atomic="true">
                  {items.length} {items.length === 1 ? "result" : "results"} for “{q}”
                </h2>
                <div className="card-grid">
                  {items.slice(0, MID_PAGE_AD_AFTER).map((a, i) => (
                    <ArticleCard key={a.id} article={a} eager={i < FIRST_SCREEN_CARDS} />
                  ))}
                </div>
                {items.length > MID_PAGE_AD_AFTER && (
                  <>
                    <AdSlot slot={AD_SLOTS.searchMiddle} format="banner" className="mid-ad" />
                    <div className="card-grid">
                      {items.slice(MID_PAGE_AD_AFTER).map((a) => (
                        <ArticleCard key={a.id} article={a} />
                      ))}
                    </div>
                  </>
                )}
              </section>
            )}
          </div>
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
        </div>
        <AdSlot slot={AD_SLOTS.searchBottom} format="banner" />
      </div>
    </Layout>
  );
}
