import { randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { Article } from "../entities/Article.js";
import { ArticlePreview } from "../entities/ArticlePreview.js";
import { NotFoundError } from "../lib/errors.js";
import { DAY, iso } from "../lib/time.js";
import { toArticleDto } from "../repositories/articleRepository.js";
import type { ArticleDto } from "../schemas/article.js";
import type { PreviewLink } from "../schemas/preview.js";

/** Preview links: an article, whatever its status, shown to anyone holding the link for PREVIEW_DAYS days. */
export class PreviewService {
  /** The clock; tests replace it to move past an expiry. */
  now: () => Date = () => new Date();

  constructor(
    private readonly ds: DataSource,
    private readonly config: Pick<Config, "siteUrl" | "previewDays">,
  ) {}

  private get repo() {
    return this.ds.getRepository(ArticlePreview);
  }

  private toLink(p: ArticlePreview): PreviewLink {
    const now = this.now().getTime();
    return {
      token: p.token,
      url: `${this.config.siteUrl}/preview/${p.token}`,
      articleId: p.articleId,
      createdAt: iso(p.createdAt)!,
      expiresAt: iso(p.expiresAt)!,
      revokedAt: iso(p.revokedAt),
      active: !p.revokedAt && new Date(p.expiresAt).getTime() > now,
    };
  }

  private async requireArticle(articleId: number) {
    if (!(await this.ds.getRepository(Article).existsBy({ id: articleId }))) throw new NotFoundError("Article not found");
  }

  async create(articleId: number): Promise<PreviewLink> {
    await this.requireArticle(articleId);
    const createdAt = this.now();
    const preview = this.repo.create({
      token: randomBytes(24).toString("base64url"),
      articleId,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + this.config.previewDays * DAY),
      revokedAt: null,
    });
    await this.repo.insert(preview);
    return this.toLink(preview);
  }

  /** An article's links, newest first, revoked and expired ones included (marked inactive). */
  async listForArticle(articleId: number): Promise<PreviewLink[]> {
    await this.requireArticle(articleId);
    const rows = await this.repo.find({ where: { articleId }, order: { createdAt: "DESC" } });
    return rows.map((p) => this.toLink(p));
  }

  /** Ends a link at once; revoking twice keeps the first time. */
  async revoke(token: string): Promise<PreviewLink> {
    const preview = await this.repo.findOneBy({ token });
    if (!preview) throw new NotFoundError("Preview link not found");
    if (!preview.revokedAt) {
      preview.revokedAt = this.now();
      await this.repo.update({ token }, { revokedAt: preview.revokedAt });
    }
    return this.toLink(preview);
  }

  /** The article behind an active link; unknown, expired and revoked links are all the same 404. */
  async view(token: string): Promise<ArticleDto> {
    const preview = await this.repo.findOneBy({ token });
    const article = preview && this.toLink(preview).active ? await this.ds.getRepository(Article).findOneBy({ id: preview.articleId }) : null;
    if (!article) throw new NotFoundError("This preview link does not exist or has expired");
    return toArticleDto(article);
  }
}
