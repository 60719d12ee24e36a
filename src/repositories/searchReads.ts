// What the search page and the header's suggestions read besides the text match (articleSearch.ts): the result
// cards with the text their reader may read, the newest titles, and the archive's highest id.
import type { DataSource } from "typeorm";
import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata.js";
import { Article } from "../entities/Article.js";
import type { SearchRow } from "../presenters/search.js";
import { takeTurn } from "../lib/turns.js";
import { readRows } from "./readThreads.js";
import { maxArticleId } from "./sitemapReads.js";
import { CARD_COLUMNS, toArticleCard } from "./articleRepository.js";
import { searchArticleIds, type SearchFilters, type SearchTerm } from "./articleSearch.js";
import { SNIPPET_SCAN_CHARS } from "../services/search/snippet.js";
import { followSearchChanges } from "./search/engine.js";
import { pruneChanges } from "./search/changeFeed.js";
import { isMysqlSource } from "./transaction.js";
/** The archive's highest id (NULL for none). */
const MAX_ID = "SELECT MAX(id) AS id FROM article";

export interface RecentTitle {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date;
}

export class SearchReads {
  /** The cards' columns, and the statement reading that many cards by id (built once per count, so the driver's
   *  statement cache prepares it once). */
  private cardColumns?: { column: ColumnMetadata; key: string }[];
  private readonly cardStatements = new Map<number, string>();

  constructor(private readonly ds: DataSource) {}

  /** The ids of the published articles matching `q` and the filters, in the order asked (articleSearch.ts). */
  matchIds(q: string, filters: SearchFilters): Promise<number[]> {
    return searchArticleIds(this.ds, q, filters);
  }

  /** These published articles as cards, in the order of `ids`, each with the snippets for `terms` of the start of its
   *  whole body and of its free preview (a premium article's first paragraphs), made where the rows are read
   *  (snippetsInRows; on SQLite by the read thread): its presenter gives the one its reader may read.
   *  With them the archive's highest id, read by the same statement (undefined when it found no row): the page's
   *  "about …" estimate needs it, and its own statement was one more round trip per search page (MariaDB 100k, one
   *  connection, a loaded machine: 1.0–1.5 ms of wall time, 0.2 ms of the server's CPU and about 0.2 of Node's). */
  async cardsWithSnippets(ids: number[], terms: SearchTerm[]): Promise<{ rows: SearchRow[]; maxId?: number }> {
    if (!ids.length) return { rows: [] };
    // A turn of its own (src/lib/turns.ts): without read threads (READ_THREADS=0) the candidates' statements and this
    // one answer synchronously, and would otherwise run as one stretch with the ranking between them while cached hits wait.
    await takeTurn();
    const { driver } = this.ds;
    // Each column with the name of its value in a row (c0, c1 …), made once: a name built per row and column is a new
    // string V8 looks up in its string table on every read (~0.1 ms of a search page's event loop).
    const columns = (this.cardColumns ??= CARD_COLUMNS.map((c, i) => ({ column: this.ds.getMetadata(Article).findColumnWithPropertyName(c.slice("a.".length))!, key: `c${i}` })));
    let sql = this.cardStatements.get(ids.length);
    if (!sql) {
      const metadata = this.ds.getMetadata(Article);
      const [content, preview] = ["content", "previewContent"].map((p) => driver.escape(metadata.findColumnWithPropertyName(p)!.databaseName));
      sql = [
        `SELECT ${columns.map(({ column, key }) => `${driver.escape(column.databaseName)} AS ${key}`).join(", ")},`,
        `SUBSTR(${content}, 1, ${SNIPPET_SCAN_CHARS}) AS body, SUBSTR(COALESCE(${preview}, ''), 1, ${SNIPPET_SCAN_CHARS}) AS preview,`,
        `(${MAX_ID}) AS top FROM ${driver.escape(metadata.tableName)} WHERE ${driver.escape(metadata.primaryColumns[0].databaseName)} IN (${ids.map(() => "?").join(", ")})`,
      ].join(" ");
      this.cardStatements.set(ids.length, sql);
    }
    const rows = await readRows<Record<string, unknown> & { body: string; preview: string; top: number | string }>(this.ds, sql, ids, {
      terms,
      excerpt: columns.find(({ column }) => column.propertyName === "excerpt")!.key,
      texts: ["body", "preview"],
    });
    // Each value as the entity holds it (booleans, dates), by TypeORM's own conversion for this database.
    const found = new Map<number, SearchRow>();
    for (const row of rows) {
      const article = {} as Record<string, unknown>;
      for (const { column, key } of columns) article[column.propertyName] = driver.prepareHydratedValue(row[key], column);
      found.set(Number(article.id), { card: toArticleCard(article as unknown as Article), bodySnippet: row.body, previewSnippet: row.preview });
    }
    return { rows: ids.flatMap((id) => found.get(id) ?? []), maxId: rows.length ? Number(rows[0].top) : undefined };
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

  /** Brings the local search mirror up to date, when it answers (MariaDB/MySQL: search/mirror.ts). */
  followChanges(): Promise<void> {
    return followSearchChanges(this.ds);
  }

  /** Deletes the article changes the mirrors no longer need (MariaDB/MySQL: search/changeFeed.ts); how many. */
  pruneChanges(): Promise<number> {
    return isMysqlSource(this.ds) ? pruneChanges(this.ds) : Promise.resolve(0);
  }

  /** The highest article id (0 for none): with the oldest of the newest matches, it estimates how many match in all. */
  maxArticleId(): Promise<number> {
    return maxArticleId(this.ds);
  }
}
