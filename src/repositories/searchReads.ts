// What the search page and the header's suggestions read besides the text match (articleSearch.ts): the result
// cards with the text their reader may read, the newest titles, and the archive's highest id.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import type { ArticleCard } from "../schemas/article.js";
import { CARD_COLUMNS, toArticleCard } from "./articleRepository.js";
import { searchArticleIds, type SearchFilters } from "./articleSearch.js";

/** Of a body, only the start is read for its snippet (bounded work per result); a match further in shows the excerpt. */
export const SNIPPET_SCAN_CHARS = 20_000;

/** The body a reader may read: the whole body for members, else the free body (a premium article's preview). */
const READABLE_BODY = {
  gated: "a.content",
  free: "CASE WHEN a.isPremium = 1 THEN COALESCE(a.previewContent, '') ELSE a.content END",
};

export interface RecentTitle {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date;
}

export class SearchReads {
  constructor(private readonly ds: DataSource) {}

  /** The ids of the published articles matching `q` and the filters, in the order asked (articleSearch.ts). */
  matchIds(q: string, filters: SearchFilters): Promise<number[]> {
    return searchArticleIds(this.ds, q, filters);
  }

  /** These published articles as cards, in the order of `ids`, each with the start of the body its reader may read. */
  async cardsWithReadableText(ids: number[], gated: boolean): Promise<{ card: ArticleCard; body: string }[]> {
    if (!ids.length) return [];
    const { entities, raw } = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(CARD_COLUMNS)
      .addSelect(`SUBSTR(${gated ? READABLE_BODY.gated : READABLE_BODY.free}, 1, ${SNIPPET_SCAN_CHARS})`, "readable")
      .where("a.id IN (:...ids)", { ids })
      .getRawAndEntities<{ a_id: number; readable: string | null }>();
    const bodies = new Map(raw.map((r) => [Number(r.a_id), r.readable ?? ""]));
    const found = new Map(entities.map((a) => [a.id, a]));
    return ids.flatMap((id) => {
      const a = found.get(id);
      return a ? [{ card: toArticleCard(a), body: bodies.get(id) ?? "" }] : [];
    });
  }

  /** The newest `limit` published articles (scheduled ones too: the caller hides what is not out yet), newest first. */
  async recentTitles(limit: number): Promise<RecentTitle[]> {
    const rows: { title: string; slug: string; excerpt: string | null; publishedAt: string | Date }[] = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.title AS title", "a.slug AS slug", "a.excerpt AS excerpt", "a.publishedAt AS publishedAt"])
      .where("a.status = :published", { published: "published" })
      .orderBy("a.publishedAt", "DESC")
      .addOrderBy("a.id", "DESC")
      .limit(limit)
      .getRawMany();
    const date = (v: string | Date) => (v instanceof Date ? v : new Date(v.replace(" ", "T") + "Z"));
    return rows.map((r) => ({ title: r.title, slug: r.slug, excerpt: r.excerpt ?? "", publishedAt: date(r.publishedAt) }));
  }

  /** The highest article id (0 for none): with the oldest of the newest matches, it estimates how many match in all. */
  async maxArticleId(): Promise<number> {
    const [row] = await this.ds.query("SELECT MAX(id) AS id FROM article");
    return Number(row?.id ?? 0);
  }
}
