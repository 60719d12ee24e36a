import { randomBytes } from "node:crypto";
import type { Config } from "../config.js";
import type { ArticlePreview } from "../entities/ArticlePreview.js";
import { NotFoundError } from "../lib/errors.js";
import { DAY, iso } from "../lib/time.js";
import { toArticleDto } from "../repositories/articleRepository.js";
import type { PreviewRepository } from "../repositories/previewRepository.js";
import type { ArticleDto } from "../schemas/article.js";
import type { PreviewLink } from "../schemas/preview.js";
import { sha256 } from "../lib/password.js";

/**
 * Preview links: an article, whatever its status, shown to anyone holding the link for PREVIEW_DAYS days. Only the
 * token's SHA-256 is stored (as for sessions and API keys): the link itself is in the answer that creates it only.
 */
export class PreviewService {
  /** The clock; tests replace it to move past an expiry. */
  now: () => Date = () => new Date();

  constructor(
    private readonly previews: PreviewRepository,
    private readonly config: Pick<Config, "siteUrl" | "previewDays">,
  ) {}

  private toLink(p: ArticlePreview): PreviewLink {
    const now = this.now().getTime();
    return {
      id: p.id,
      articleId: p.articleId,
      createdAt: iso(p.createdAt)!,
      expiresAt: iso(p.expiresAt)!,
      revokedAt: iso(p.revokedAt),
      active: !p.revokedAt && new Date(p.expiresAt).getTime() > now,
    };
  }

  private async requireArticle(articleId: number) {
    if (!(await this.previews.articleExists(articleId))) throw new NotFoundError("Article not found");
  }

  async create(articleId: number): Promise<PreviewLink> {
    await this.requireArticle(articleId);
    const createdAt = this.now();
    const token = randomBytes(24).toString("base64url");
    const preview: ArticlePreview = {
      id: randomBytes(8).toString("hex"),
      tokenHash: sha256(token),
      articleId,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + this.config.previewDays * DAY),
      revokedAt: null,
    };
    await this.previews.add(preview);
    return { ...this.toLink(preview), token, url: `${this.config.siteUrl}/preview/${token}` };
  }

  /** An article's links, newest first, revoked and expired ones included (marked inactive). */
  async listForArticle(articleId: number): Promise<PreviewLink[]> {
    await this.requireArticle(articleId);
    const rows = await this.previews.forArticle(articleId);
    return rows.map((p) => this.toLink(p));
  }

  /** Ends a link, named by its id or its token, at once; revoking twice keeps the first time. */
  async revoke(idOrToken: string): Promise<PreviewLink> {
    const preview = await this.previews.findByIdOrTokenHash(idOrToken, sha256(idOrToken));
    if (!preview) throw new NotFoundError("Preview link not found");
    if (!preview.revokedAt) {
      preview.revokedAt = this.now();
      await this.previews.revoke(preview.id, preview.revokedAt);
    }
    return this.toLink(preview);
  }

  /** The article behind an active link; unknown, expired and revoked links are all the same 404. */
  async view(token: string): Promise<ArticleDto> {
    const preview = await this.previews.findByTokenHash(sha256(token));
    const article = preview && this.toLink(preview).active ? await this.previews.article(preview.articleId) : null;
    if (!article) throw new NotFoundError("This preview link does not exist or has expired");
    return toArticleDto(article);
  }
}
