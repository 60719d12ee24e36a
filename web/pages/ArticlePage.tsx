import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { AD_SLOTS, categoryLabel } from "../../src/schemas/constants.js";
import { AdSlot } from "../components/AdSlot.js";
import { ArticleImage } from "../components/ArticleImage.js";
import { ArticleTools, Comments, LiveBlog, ShareButtons, TableOfContents } from "../components/islands.js";
import { LiveBadge } from "../components/LiveBadge.js";
import { HtmlBody } from "../components/HtmlBody.js";
import { PaywallBox } from "../components/premium/PaywallBox.js";
import { Layout } from "../components/Layout.js";
import { trackPageView } from "../lib/analytics.js";
import { formatDate } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { useDocumentTitle } from "../lib/useDocumentTitle.js";
import type { ArticleDto } from "../../src/schemas/article.js";
import { errorStatus, rpc } from "../lib/rpc.js";

export const articleTitle = (title: string, siteName: string) => `${title} | ${siteName}`;

function ArticleSkeleton() {
  return (
    <div className="article-skeleton" role="status" aria-label="Loading article">
      <div className="skeleton skeleton-line short" />
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-media" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" />
    </div>
  );
}

export function ArticlePage() {
  const { slug = "" } = useParams();
  const { siteName } = useSite();
  const article = rpc.articles.bySlug.useQuery({ slug }, { retryOnMount: false });
  const a = article.data;
  useDocumentTitle(a ? articleTitle(a.title, siteName) : article.isError ? `Article not found | ${siteName}` : undefined);
  useEffect(() => {
    if (a) trackPageView({ path: `/article/${a.slug}`, articleId: a.id });
  }, [a?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  let body;
  if (article.isPending) body = <ArticleSkeleton />;
  else if (!a) {
    const status = errorStatus(article.error);
    body = (
      <div className="alert alert-error" role="alert">
        <p>Article not found. Please check the URL or return to the homepage.</p>
        <p className="alert-detail">{status ? `Failed to fetch article: ${status}` : (article.error?.message ?? "Failed to fetch article")}</p>
      </div>
    );
  } else body = <ArticleView a={a} />;
  return (
    <Layout tickerRefetchSeconds={30} trackView={false} alertsBell>
      <div className="container article-container">{body}</div>
    </Layout>
  );
}

/** The article as readers see it (the article page, and preview links). */
export function ArticleView({ a }: { a: ArticleDto }) {
  const { timeZone } = useSite();
  const path = `/article/${a.slug}`;
  return (
    <article className="article">
      <header className="article-header">
        <div className="article-badges">
          {a.liveStatus === "live" && <LiveBadge />}
          {a.isBreaking && <span className="badge badge-breaking">Breaking News</span>}
          <span className="badge badge-category">{a.category.toUpperCase()}</span>
          {a.isPremium && <span className="badge badge-premium">Premium</span>}
        </div>
        <h1 className="article-title">{a.title}</h1>
        {a.excerpt && <p className="article-excerpt">{a.excerpt}</p>}
        <div className="article-byline">
          <span className="author">
            By <strong><Byline articleId={a.id} name={a.author} /></strong>
          </span>
          <span aria-hidden="true">·</span>
          {a.publishedAt ? <time dateTime={a.publishedAt}>{formatDate(a.publishedAt, timeZone)}</time> : <span>Just published</span>}
          <span aria-hidden="true">·</span>
          <span>{categoryLabel(a.category)}</span>
        </div>
        <ArticleTools a={a} />
      </header>
      {a.imageUrl && (
        <figure className="article-figure">
          <ArticleImage url={a.imageUrl} alt={a.imageAlt || a.title} sizes="(max-width: 820px) calc(100vw - 32px), 788px" priority fallbackWidth={1200} fallbackHeight={675} />
        </figure>
      )}
      <TableOfContents headings={a.headings} />
      <AdSlot slot={AD_SLOTS.articleTop} format="inline" />
      <HtmlBody html={a.contentHtml} />
      {a.gated && <PaywallBox />}
      {a.liveStatus && <LiveBlog slug={a.slug} articleId={a.id} live={a.liveStatus === "live"} />}
      <p className="article-updated">Last updated: {a.updatedAt ? <time dateTime={a.updatedAt}>{formatDate(a.updatedAt, timeZone)}</time> : "Recently"}</p>
      <ShareButtons title={a.title} path={path} articleId={a.id} variant="row" />
      <AdSlot slot={AD_SLOTS.articleBottom} format="inline" />
      <Comments articleId={a.id} />
      <section className="side-card more-news" aria-labelledby="more-news-title">
        <h2 id="more-news-title">More Defence News</h2>
        <p>Stay on top of the latest developments across land, sea, air and cyber.</p>
        {/* A link (the reader's way home works before the page's code), shown as the spec's button. */}
        <Link to="/" role="button" className="btn btn-primary">
          View Latest Articles
        </Link>
      </section>
    </article>
  );
}

/** The byline, linked to the owner's author page when the article has one. */
function Byline({ articleId, name }: { articleId: number; name: string }) {
  const author = rpc.authors.byArticle.useQuery({ id: articleId });
  return author.data ? (
    <Link to={`/author/${author.data.slug}`} rel="author">
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}
