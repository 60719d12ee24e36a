import { renderPaywallViews } from "../../lib/markdown.js";
import { memberHtml, STORED_PAYWALL_VIEWS, type PaywallViews, type WithStoredPaywallViews } from "../../lib/paywallViews.js";
import type { ArticleDto } from "../../schemas/article.js";
import { splitPreview } from "../../lib/premiumPreview.js";

/**
 * Previews and member views of premium articles, from the views stored with each article when it was saved
 * (lib/paywallViews.ts): a read renders no markdown and the process keeps nothing. Only a row saved before the views
 * were stored, and not yet reached by their background fill (services/premium/paywallFill.ts), is rendered on read.
 */
export class Paywall {
  /** What a reader may see of an article: everything, or for a premium article and a non-member, its preview. */
  async view(article: ArticleDto, entitled: boolean): Promise<ArticleDto> {
    if (!article.isPremium) return article;
    const { [STORED_PAYWALL_VIEWS]: stored, ...row } = article as ArticleDto & WithStoredPaywallViews;
    const views: PaywallViews = stored ? JSON.parse(stored) : await renderPaywallViews(row.content);
    if (entitled) return views.gatedHtml === null ? { ...row, gated: false } : { ...row, contentHtml: memberHtml({ ...views, gatedHtml: views.gatedHtml }), gated: false };
    return { ...row, content: splitPreview(row.content).preview, contentHtml: views.previewHtml, headings: views.headings, gated: views.gatedHtml !== null };
  }

  async viewAll(articles: ArticleDto[], entitled: boolean): Promise<ArticleDto[]> {
    const out: ArticleDto[] = [];
    for (const a of articles) out.push(await this.view(a, entitled));
    return out;
  }
}
