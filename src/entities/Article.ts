import { BeforeInsert, BeforeUpdate, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { splitPreview } from "../lib/premiumPreview.js";
import { ArticleFieldColumns } from "./ArticleFields.js";
import { CREATED_AT, DATETIME, UPDATED_AT, longText } from "./columnTypes.js";

@Entity("article")
@Index("IDX_article_status_published", ["status", "publishedAt"])
@Index("IDX_article_category_status_published", ["category", "status", "publishedAt"])
@Index("IDX_article_breaking_status_published", ["isBreaking", "status", "publishedAt"])
@Index("IDX_article_created", ["createdAt"])
@Index("IDX_article_author", ["authorId", "status", "publishedAt"])
@Index("IDX_article_submitted", ["submittedAt"])
@Index("UQ_article_slug", ["slug"], { unique: true })
@Index("IDX_article_live", ["liveStatus"])
// FULLTEXT indexes exist on MySQL/MariaDB only; created by the ArticleSearch migration (SQLite uses FTS5 there).
@Index("FT_article_title", { synchronize: false })
@Index("FT_article_excerpt", { synchronize: false })
@Index("FT_article_content", { synchronize: false })
@Index("FT_article_search", { synchronize: false })
@Index("FT_article_preview", { synchronize: false })
@Index("FT_article_free", { synchronize: false })
// SQLite only (migration ArticleSearchFilter): what a search filters on, without reading the bodies.
@Index("IDX_article_search_filter", { synchronize: false })
export class Article extends ArticleFieldColumns({ flagDefault: false }) {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

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

  /** The staff member who owns the article (the byline is free text besides it); null for imported or orphaned ones. */
  @Column({ type: "int", nullable: true })
  authorId: number | null;

  /** When the author submitted the draft for review, and who did; null when it is not waiting for an editor. */
  @Column({ ...DATETIME, nullable: true })
  submittedAt: Date | null;

  @Column({ type: "int", nullable: true })
  submittedById: number | null;

  /** The editor's note when the draft was sent back. */
  @Column({ type: "varchar", length: 1000, nullable: true })
  reviewNote: string | null;

  /** A live blog's state (null: an ordinary article; `live` while the coverage runs; `ended`). Not a revisioned field: a
   *  restore never reopens or closes a live blog. */
  @Column({ type: "varchar", length: 8, nullable: true })
  liveStatus: string | null;

  /** When the coverage started and ended (the JSON-LD's coverageStartTime and coverageEndTime). */
  @Column({ ...DATETIME, nullable: true })
  liveStartedAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  liveEndedAt: Date | null;

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
