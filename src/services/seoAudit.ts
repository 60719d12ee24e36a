import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { ArticleSeoAudit } from "../entities/ArticleSeoAudit.js";

export const SEO_LIMITS = { title: [30, 65], description: [70, 160] } as const;

/** Checks one article the way a search engine's guidelines would; the score is the share of checks passed. */
export function auditArticle(article: Pick<Article, "title" | "excerpt" | "imageUrl" | "imageAlt" | "headings" | "contentHtml">, siteUrl: string) {
  const titleLength = article.title.length;
  const descriptionLength = article.excerpt.length;
  const imageAlt = Boolean(article.imageUrl && article.imageAlt?.trim());
  let headings = 0;
  try {
    headings = (JSON.parse(article.headings || "[]") as unknown[]).length;
  } catch {
    headings = 0;
  }
  const origin = siteUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const internalLinks = (article.contentHtml.match(new RegExp(`href="(/(?!/)|${origin}/)`, "g")) ?? []).length;
  const issues: string[] = [];
  if (titleLength < SEO_LIMITS.title[0] || titleLength > SEO_LIMITS.title[1]) issues.push(`Title is ${titleLength} characters (aim for ${SEO_LIMITS.title[0]}-${SEO_LIMITS.title[1]})`);
  if (descriptionLength < SEO_LIMITS.description[0] || descriptionLength > SEO_LIMITS.description[1])
    issues.push(`Description is ${descriptionLength} characters (aim for ${SEO_LIMITS.description[0]}-${SEO_LIMITS.description[1]})`);
  if (!imageAlt) issues.push(article.imageUrl ? "Image has no alt text" : "No image");
  if (headings === 0) issues.push("No headings in the body");
  if (internalLinks === 0) issues.push("No links to other pages of the site");
  const checks = 5;
  return { score: Math.round(((checks - issues.length) / checks) * 100), titleLength, descriptionLength, imageAlt, headings, internalLinks, issues };
}

/** Stores each article's audit when it is saved, and audits articles saved before the audit existed. */
export class SeoAuditService {
  constructor(
    private readonly ds: DataSource,
    private readonly siteUrl: string,
  ) {}

  async auditAndStore(article: Article): Promise<void> {
    const result = auditArticle(article, this.siteUrl);
    await this.ds.getRepository(ArticleSeoAudit).save({ articleId: article.id, ...result, issues: JSON.stringify(result.issues), auditedAt: new Date() });
  }

  /** Audits every article that has no stored audit yet, in pages. */
  async auditMissing(): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await this.ds
        .getRepository(Article)
        .createQueryBuilder("a")
        .leftJoin(ArticleSeoAudit, "s", "s.articleId = a.id")
        .where("s.articleId IS NULL")
        .take(200)
        .getMany();
      if (!rows.length) return done;
      for (const row of rows) await this.auditAndStore(row);
      done += rows.length;
    }
  }
}
