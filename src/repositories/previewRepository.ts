// Preview links of articles: the token's hash, its article, and when it expires or was revoked.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { ArticlePreview } from "../entities/ArticlePreview.js";

export class PreviewRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(ArticlePreview);
  }

  articleExists(id: number): Promise<boolean> {
    return this.ds.getRepository(Article).existsBy({ id });
  }

  /** The article a preview shows, whatever its status. */
  article(id: number): Promise<Article | null> {
    return this.ds.getRepository(Article).findOneBy({ id });
  }

  async add(preview: ArticlePreview): Promise<void> {
    await this.repo.insert(preview);
  }

  /** An article's links, newest first. */
  forArticle(articleId: number): Promise<ArticlePreview[]> {
    return this.repo.find({ where: { articleId }, order: { createdAt: "DESC" } });
  }

  /** The link with this id or this token hash. */
  findByIdOrTokenHash(id: string, tokenHash: string): Promise<ArticlePreview | null> {
    return this.repo.findOne({ where: [{ id }, { tokenHash }] });
  }

  findByTokenHash(tokenHash: string): Promise<ArticlePreview | null> {
    return this.repo.findOneBy({ tokenHash });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.repo.update({ id }, { revokedAt: at });
  }
}
