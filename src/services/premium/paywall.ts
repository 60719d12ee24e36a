import { renderPaywallViews } from "../../lib/markdown.js";
import { contentHash, memberHtml, type PaywallViews } from "../../lib/paywallViews.js";
import type { ArticleDto } from "../../schemas/article.js";
import { splitPreview } from "../../lib/premiumPreview.js";
import type { StoredPaywallViews } from "../../repositories/paywallViewsRepository.js";

/** Where the paywall reads the views stored at save (repositories/paywallViewsRepository.ts). */
export interface PaywallViewSource {
  stored(ids: number[]): Promise<Map<number, StoredPaywallViews>>;
}

/**
 * Previews and member views of premium articles, from the views stored with each article when it was saved
 * (lib/paywallViews.ts), read by primary key: a read renders no markdown and the process keeps nothing. A row without
 * stored views (saved before they were, until their background fill reaches it: services/premium/paywallFill.ts), or
 * whose views were rendered from another body than the one read (changed behind the app's back), is rendered on read.
 */
export class Paywall {
  constructor(private readonly source: PaywallViewSource) {}

  /** What a reader may see of an article: everything, or for a premium article and a non-member, its preview. */
  async view(article: ArticleDto, entitled: boolean): Promise<ArticleDto> {
    return (await this.viewAll([article], entitled))[0];
  }

  async viewAll(articles: ArticleDto[], entitled: boolean): Promise<ArticleDto[]> {
    const premium = articles.filter((a) => a.isPremium).map((a) => a.id);
    const stored = premium.length ? await this.source.stored(premium) : new Map<number, StoredPaywallViews>();
    const out: ArticleDto[] = [];
    for (const a of articles) out.push(a.isPremium ? present(a, await viewsOf(a, stored.get(a.id)), entitled) : a);
    return out;
  }
}

async function viewsOf(article: ArticleDto, stored: StoredPaywallViews | undefined): Promise<PaywallViews> {
  if (stored && stored.contentHash === contentHash(article.content)) return JSON.parse(stored.views) as PaywallViews;
  return renderPaywallViews(article.content);
}

function present(row: ArticleDto, views: PaywallViews, entitled: boolean): ArticleDto {
  if (entitled) return views.gatedHtml === null ? { ...row, gated: false } : { ...row, contentHtml: memberHtml({ ...views, gatedHtml: views.gatedHtml }), gated: false };
  return { ...row, content: splitPreview(row.content).preview, contentHtml: views.previewHtml, headings: views.headings, gated: views.gatedHtml !== null };
}
