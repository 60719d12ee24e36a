import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { ArticleFieldColumns } from "./ArticleFields.js";
import { CREATED_AT, UPDATED_AT, longText } from "./columnTypes.js";

@Entity("article")
@Index("IDX_article_status_published", ["status", "publishedAt"])
@Index("IDX_article_category_status_published", ["category", "status", "publishedAt"])
@Index("IDX_article_breaking_status_published", ["isBreaking", "status", "publishedAt"])
@Index("IDX_article_created", ["createdAt"])
@Index("UQ_article_slug", ["slug"], { unique: true })
// FULLTEXT indexes exist on MySQL/MariaDB only; created by the ArticleSearch migration (SQLite uses FTS5 there).
@Index("FT_article_title", { synchronize: false })
@Index("FT_article_excerpt", { synchronize: false })
@Index("FT_article_content", { synchronize: false })
@Index("FT_article_search", { synchronize: false })
// SQLite only (migration ArticleSearchFilter): what a search filters on, without reading the bodies.
@Index("IDX_article_search_filter", { synchronize: false })
export class Article extends ArticleFieldColumns({ flagDefault: false }) {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  /** Sanitised HTML rendered from `content` when the article is saved. */
  @Column(longText())
  contentHtml: string;

  /** JSON list of {id, text, level} for the table of contents. */
  @Column({ type: "text" })
  headings: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
