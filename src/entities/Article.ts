import { BeforeInsert, BeforeUpdate, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { splitPreview } from "../lib/premiumPreview.js";
import { DATETIME, CREATED_AT, UPDATED_AT, longText } from "./columnTypes.js";

@Entity("article")
@Index("IDX_article_status_published", ["status", "publishedAt"])
@Index("IDX_article_category_status_published", ["category", "status", "publishedAt"])
@Index("IDX_article_breaking_status_published", ["isBreaking", "status", "publishedAt"])
@Index("IDX_article_created", ["createdAt"])
// FULLTEXT indexes exist on MySQL/MariaDB only; created by the ArticleSearch migration (SQLite uses FTS5 there).
@Index("FT_article_title", { synchronize: false })
@Index("FT_article_excerpt", { synchronize: false })
@Index("FT_article_content", { synchronize: false })
@Index("FT_article_search", { synchronize: false })
@Index("FT_article_preview", { synchronize: false })
@Index("FT_article_free", { synchronize: false })
// SQLite only (migration ArticleSearchFilter): what a search filters on, without reading the bodies.
@Index("IDX_article_search_filter", { synchronize: false })
export class Article {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_article_slug", { unique: true })
  @Column({ type: "varchar", length: 200 })
  slug: string;

  @Column({ type: "varchar", length: 200 })
  title: string;

  @Column({ type: "varchar", length: 510 })
  excerpt: string;

  @Column(longText())
  content: string;

  /**
   * A premium article's free preview (lib/premiumPreview.ts), what a non-member's search looks in instead of the
   * body; null for other articles, whose whole body is free. Set from `content` and `isPremium` on every save.
   */
  @Column(longText({ nullable: true }))
  previewContent: string | null;

  /** Sanitised HTML rendered from `content` when the article is saved. */
  @Column(longText())
  contentHtml: string;

  /** JSON list of {id, text, level} for the table of contents. */
  @Column({ type: "text" })
  headings: string;

  @Column({ type: "varchar", length: 100 })
  author: string;

  @Column({ type: "varchar", length: 20 })
  category: string;

  @Column({ type: "varchar", length: 20 })
  contentTier: string;

  @Column({ type: "varchar", length: 1000, nullable: true })
  imageUrl: string | null;

  @Column({ type: "varchar", length: 300, nullable: true })
  imageAlt: string | null;

  @Column({ type: "boolean", default: false })
  isBreaking: boolean;

  @Column({ type: "boolean", default: false })
  isPremium: boolean;

  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ ...DATETIME, nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;

  @BeforeInsert()
  @BeforeUpdate()
  protected keepPreviewInStep() {
    // A partial row (some columns selected) leaves the preview as it is.
    if (this.content === undefined || this.isPremium === undefined) return;
    this.previewContent = this.isPremium ? splitPreview(this.content).preview : null;
  }
}
