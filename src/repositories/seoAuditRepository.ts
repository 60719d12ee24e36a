// Each article's stored SEO audit (written on every save), with the figures the SEO dashboard reads of them.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { ArticleSeoAudit } from "../entities/ArticleSeoAudit.js";
import { toDbDate } from "../lib/time.js";
import { maxArticleId } from "./sitemapReads.js";

/** What the audit reads of an article. */
export type AuditedArticle = Pick<Article, "id" | "title" | "excerpt" | "imageUrl" | "imageAlt" | "headings" | "contentHtml">;
export type AuditRow = Omit<ArticleSeoAudit, "article">;
const AUDITED_COLUMNS = ["a.id", "a.title", "a.excerpt", "a.imageUrl", "a.imageAlt", "a.headings", "a.contentHtml"];
const num = (v: unknown) => Number(v ?? 0) || 0;

export class SeoAuditRepository {
  constructor(private readonly ds: DataSource) {}

  async save(row: AuditRow): Promise<void> {
    await this.ds.getRepository(ArticleSeoAudit).save(row);
  }

  /** The highest article id (0 without articles). */
  maxArticleId(): Promise<number> {
    return maxArticleId(this.ds);
  }

  /**
   * Ids in (from, to] of the articles that have no stored audit. Reads keys only (on SQLite a covering index of the
   * article ids and the audits' primary key), never the articles' rows: cheap where every article has its audit.
   */
  async unauditedIds(from: number, to: number): Promise<number[]> {
    const rows = await this.withoutAudit()
      .select("a.id", "id")
      .andWhere("a.id > :from AND a.id <= :to", { from, to })
      .orderBy("a.id")
      .getRawMany<{ id: unknown }>();
    return rows.map((r) => Number(r.id));
  }

  /** The articles of `ids` that still have no stored audit (one may have been stored since the ids were read). */
  unaudited(ids: number[]): Promise<AuditedArticle[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.withoutAudit().select(AUDITED_COLUMNS).andWhere("a.id IN (:...ids)", { ids }).getMany();
  }

  private withoutAudit() {
    return this.ds.getRepository(Article).createQueryBuilder("a").leftJoin(ArticleSeoAudit, "s", "s.articleId = a.id").where("s.articleId IS NULL");
  }

  /** Stores audits in one INSERT; an audit stored meanwhile (by a save or another instance) wins. */
  async addMissing(rows: AuditRow[]): Promise<void> {
    if (rows.length) await this.ds.createQueryBuilder().insert().into(ArticleSeoAudit).values(rows).orIgnore().execute();
  }

  /** How many articles published by `now` have an audit, and their average score. */
  async publishedScore(now: Date): Promise<{ n: number; score: number }> {
    const row = await this.ds
      .createQueryBuilder()
      .from(ArticleSeoAudit, "s")
      .innerJoin(Article, "a", "a.id = s.articleId")
      .select("COUNT(*)", "n")
      .addSelect("AVG(s.score)", "score")
      .where("a.status = 'published' AND a.publishedAt <= :now", { now: toDbDate(now) })
      .getRawOne<{ n: unknown; score: unknown }>();
    return { n: num(row?.n), score: num(row?.score) };
  }

  /** Articles published in [since, now] per category (categories without any left out). */
  async publishedPerCategory(since: Date, now: Date): Promise<Map<string, number>> {
    const rows = await this.ds
      .createQueryBuilder()
      .from(Article, "a")
      .select("a.category", "category")
      .addSelect("COUNT(*)", "n")
      .where("a.status = 'published' AND a.publishedAt >= :since AND a.publishedAt <= :now", { since: toDbDate(since), now: toDbDate(now) })
      .groupBy("a.category")
      .getRawMany<{ category: string; n: unknown }>();
    return new Map(rows.map((r) => [r.category, num(r.n)]));
  }
}
