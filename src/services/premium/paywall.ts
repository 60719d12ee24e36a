import { renderMarkdown } from "../../lib/markdown.js";
import type { ArticleDto } from "../../schemas/article.js";
import { GATED_CLASS } from "../../schemas/constants.js";
import { splitPreview } from "../../lib/premiumPreview.js";

interface Rendered {
  key: string;
  preview: ArticleDto;
  member: ArticleDto;
  /** Characters held, for the cache's budget. */
  size: number;
}

/** Previews and member views of premium articles, rendered once per article version; the cache holds at most
 *  `maxChars` characters of rendered text (oldest dropped first). */
export class Paywall {
  private readonly cache = new Map<number, Rendered>();
  private held = 0;

  constructor(private readonly maxChars = 8_000_000) {}

  /** What a reader may see of an article: everything, or for a premium article and a non-member, its preview. */
  async view(article: ArticleDto, entitled: boolean): Promise<ArticleDto> {
    if (!article.isPremium) return article;
    const rendered = await this.render(article);
    return entitled ? rendered.member : rendered.preview;
  }

  async viewAll(articles: ArticleDto[], entitled: boolean): Promise<ArticleDto[]> {
    const out: ArticleDto[] = [];
    for (const a of articles) out.push(await this.view(a, entitled));
    return out;
  }

  private async render(a: ArticleDto): Promise<Rendered> {
    const key = `${a.updatedAt}|${a.content.length}`;
    const cached = this.cache.get(a.id);
    if (cached?.key === key) return cached;
    const { preview, rest } = splitPreview(a.content);
    const previewHtml = await renderMarkdown(preview);
    const restHtml = rest ? await renderMarkdown(rest) : null;
    const rendered: Rendered = {
      key,
      size: a.content.length + preview.length + previewHtml.html.length * 2 + (restHtml?.html.length ?? a.contentHtml.length),
      preview: { ...a, content: preview, contentHtml: previewHtml.html, headings: previewHtml.headings, gated: Boolean(rest) },
      // The members-only part in its own element, so the page and its JSON-LD can name exactly what is gated.
      member: restHtml ? { ...a, contentHtml: `${previewHtml.html}\n<div class="${GATED_CLASS}">${restHtml.html}</div>`, gated: false } : { ...a, gated: false },
    };
    this.forget(a.id);
    while (this.cache.size && this.held + rendered.size > this.maxChars) this.forget(this.cache.keys().next().value!);
    if (rendered.size <= this.maxChars) {
      this.cache.set(a.id, rendered);
      this.held += rendered.size;
    }
    return rendered;
  }

  private forget(id: number) {
    const entry = this.cache.get(id);
    if (!entry) return;
    this.cache.delete(id);
    this.held -= entry.size;
  }
}
