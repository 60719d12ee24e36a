import { Link } from "react-router-dom";
import { AD_SLOTS, CATEGORY_DESCRIPTIONS, TRENDING_TOPICS, categoryLabel } from "../../src/schemas/constants.js";
import { marketDataNote } from "../../src/schemas/marketNote.js";
import { AdSlot } from "../components/AdSlot.js";
import { ArticleCard, CardSkeleton } from "../components/ArticleCard.js";
import { Layout } from "../components/Layout.js";
import { NewsletterForm } from "../components/islands.js";
import { HOME_STOCK_COUNT, useStocks } from "../hooks/queries.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import { rpc } from "../lib/rpc.js";

function DefenseMarkets() {
  const stocks = useStocks();
  const { stockSymbols } = useSite();
  const quotes = (stocks.data ?? []).slice(0, HOME_STOCK_COUNT);
  return (
    <section className="side-card" aria-labelledby="markets-title">
      <h2 id="markets-title" className="side-title">
        Defense Markets
      </h2>
      {quotes.length > 0 ? (
        <>
          <ul className="stock-list">
            {quotes.map((s) => (
              <li key={s.symbol}>
                <span className="stock-symbol">{s.symbol}</span>
                <span className="stock-name">{s.name}</span>
                <span className="stock-price">${s.price.toFixed(2)}</span>
                <span className={`stock-change ${s.change >= 0 ? "up" : "down"}`}>
                  {s.change >= 0 ? "+" : ""}
                  {s.change.toFixed(2)}%
                </span>
              </li>
            ))}
          </ul>
          <p className="side-note">{marketDataNote(quotes)}</p>
        </>
      ) : (
        <>
          <ul className="stock-list">
            {/* Before any quote exists: the first configured symbols, without figures. */}
            {stockSymbols.slice(0, HOME_STOCK_COUNT).map((symbol) => (
              <li key={symbol}>
                <span className="stock-symbol">{symbol}</span>
                <span className="stock-name">—</span>
                <span className="stock-price">—</span>
                <span className="stock-change">—</span>
              </li>
            ))}
          </ul>
          <p className="side-note">Market data unavailable</p>
        </>
      )}
    </section>
  );
}

export function HomeSidebar() {
  return (
    <aside className="sidebar" aria-label="Sidebar">
      <AdSlot slot={AD_SLOTS.sidebar} format="rectangle" />
      <section className="side-card side-newsletter" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title" className="side-title">
          Daily Defense Briefing
        </h2>
        <p>Join 10,000+ defense professionals who get the day's essential developments every morning.</p>
        <NewsletterForm />
      </section>
      <section className="side-card" aria-labelledby="trending-title">
        <h2 id="trending-title" className="side-title">
          Trending Topics
        </h2>
        <ol className="trending-list">
          {TRENDING_TOPICS.map((t) => (
            <li key={t.topic}>
              <span>{t.topic}</span>
              <span className={`badge badge-trend trend-${t.label.toLowerCase()}`}>{t.label}</span>
            </li>
          ))}
        </ol>
      </section>
      <DefenseMarkets />
    </aside>
  );
}

export function HomePage() {
  const { siteName } = useSite();
  useDocumentTitle(`${siteName} | Defense and Military News`);
  const home = rpc.articles.home.useQuery();
  const data = home.data;
  return (
    <Layout alertsBell>
      <h1 className="sr-only">{siteName}: defense and military news</h1>
      <div className="container page-grid">
        <div className="main-col">
          <section aria-labelledby="featured-title" className="home-featured">
            <h2 id="featured-title" className="section-title">
              Featured Development
            </h2>
            {home.isPending ? <CardSkeleton /> : data?.featured ? <ArticleCard article={data.featured} variant="featured" /> : <p className="empty-note">No breaking developments right now.</p>}
          </section>
          {(home.isPending || (data?.latest.length ?? 0) > 0) && (
            <section aria-labelledby="latest-title" className="home-latest">
              <h2 id="latest-title" className="section-title">
                Latest Developments
              </h2>
              <div className="card-grid">{home.isPending ? [0, 1, 2].map((i) => <CardSkeleton key={i} />) : data!.latest.map((a) => <ArticleCard key={a.id} article={a} />)}</div>
            </section>
          )}
          {home.isError && (
            <div className="alert" role="alert">
              Unable to load the latest articles. Please try again later.
            </div>
          )}
          {data?.sections.map((section) => (
            <section key={section.category} aria-labelledby={`section-${section.category}`} className="home-section">
              <div className="section-head">
                <h2 id={`section-${section.category}`} className="section-title">
                  {categoryLabel(section.category)}
                </h2>
                <Link to={`/category/${section.category}`} className="more-link">
                  More<span className="sr-only"> {categoryLabel(section.category)}</span> →
                </Link>
              </div>
              {CATEGORY_DESCRIPTIONS[section.category] && <p className="section-desc">{CATEGORY_DESCRIPTIONS[section.category]}</p>}
              <div className="card-grid">
                {section.articles.map((a) => (
                  <ArticleCard key={a.id} article={a} />
                ))}
              </div>
            </section>
          ))}
        </div>
        <HomeSidebar />
      </div>
    </Layout>
  );
}
