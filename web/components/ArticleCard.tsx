import type { ArticleCard as Card } from "../../src/schemas/article.js";
import { PLACEHOLDER_IMAGE, categoryLabel } from "../../src/schemas/constants.js";
import { ArticleImage } from "./ArticleImage.js";
import { LiveBadge } from "./LiveBadge.js";
import { PathLink } from "./PathLink.js";
import { TimeAgo } from "./TimeAgo.js";

const CARD_SIZES = {
  default: "(max-width: 767px) 112px, (max-width: 1023px) 50vw, 400px",
  featured: "(max-width: 767px) 100vw, 800px",
  compact: "0px",
};

export type CardArticle = Pick<Card, "slug" | "title" | "excerpt" | "category" | "imageUrl" | "imageAlt" | "isBreaking" | "isPremium" | "publishedAt"> & { author?: string; liveStatus?: Card["liveStatus"] };

/** An article card linking to /article/{slug}; the placeholder image when there is none; relative time or 'Draft'. */
/** How many cards of a list are on the first screen (three rows on a phone, the first row on a desktop): their
 *  images load at once, so the page's load event (and the app's code after it) waits for none of them. */
export const FIRST_SCREEN_CARDS = 3;

/** `eager`: the card is on the first screen, so its image loads at once, not lazily. `snippetHtml`: a search result's
 *  passage, built and escaped by the server with the matched words in <mark> (src/services/search/snippet.ts). */
export function ArticleCard({ article, variant = "default", headingLevel = 3, eager = false, snippetHtml }: { article: CardArticle; variant?: "default" | "featured" | "compact"; headingLevel?: 2 | 3; eager?: boolean; snippetHtml?: string }) {
  const H = `h${headingLevel}` as "h2" | "h3";
  return (
    <article className={`card card-${variant}`}>
      <PathLink to={`/article/${article.slug}`} className="card-link">
        {variant !== "compact" && (
          <div className="card-media">
            <ArticleImage url={article.imageUrl || PLACEHOLDER_IMAGE} alt={article.imageAlt || article.title} sizes={CARD_SIZES[variant]} eager={eager || variant === "featured"} fallbackWidth={640} fallbackHeight={360} />
          </div>
        )}
        <div className="card-body">
          <div className="card-meta">
            {article.liveStatus === "live" && <LiveBadge />}
            <span className="badge badge-category">{categoryLabel(article.category)}</span>
            {article.isBreaking && variant !== "compact" && <span className="badge badge-breaking">Breaking</span>}
            {article.isPremium && <span className="badge badge-premium">Premium</span>}
          </div>
          <H className="card-title">{article.title}</H>
          {snippetHtml ? <p className="card-excerpt card-snippet" dangerouslySetInnerHTML={{ __html: snippetHtml }} /> : variant !== "compact" && article.excerpt && <p className="card-excerpt">{article.excerpt}</p>}
          <div className="card-foot">
            {article.publishedAt ? <TimeAgo iso={article.publishedAt} /> : <span>Draft</span>}
          </div>
        </div>
      </PathLink>
    </article>
  );
}

export function CardSkeleton({ variant = "default" }: { variant?: "default" | "compact" }) {
  return (
    <div className={`card card-${variant} skeleton-card`} aria-hidden="true">
      {variant !== "compact" && <div className="card-media skeleton" />}
      <div className="card-body">
        <div className="skeleton skeleton-line short" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line" />
      </div>
    </div>
  );
}

export function SkeletonGrid({ count }: { count: number }) {
  return (
    <div className="card-grid" role="status" aria-label="Loading articles">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}

