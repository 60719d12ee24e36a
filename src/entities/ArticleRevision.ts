import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Article } from "./Article.js";
import { DATETIME, longText } from "./columnTypes.js";

/** One saved version of an article: every field as it was saved, who saved it and when. */
@Entity("article_revision")
@Index("IDX_article_revision_article", ["articleId", "id"])
export class ArticleRevision {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  articleId: number;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_article_revision_article" })
  article?: Article;

  /** create, edit, status or restore. */
  @Column({ type: "varchar", length: 16 })
  kind: string;

  /** The revision a restore brought back. */
  @Column({ type: "int", nullable: true })
  restoredFrom: number | null;

  @Column({ type: "varchar", length: 100 })
  savedBy: string;

  @Column({ ...DATETIME })
  savedAt: Date;

  @Column({ type: "int" })
  wordCount: number;

  @Column({ type: "varchar", length: 200 })
  slug: string;

  @Column({ type: "varchar", length: 200 })
  title: string;

  @Column({ type: "varchar", length: 510 })
  excerpt: string;

  @Column(longText())
  content: string;

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

  @Column({ type: "boolean" })
  isBreaking: boolean;

  @Column({ type: "boolean" })
  isPremium: boolean;

  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ ...DATETIME, nullable: true })
  publishedAt: Date | null;
}
