import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Article } from "./Article.js";
import { ArticleFieldColumns } from "./ArticleFields.js";
import { DATETIME } from "./columnTypes.js";

/** One saved version of an article: its own fields as they were saved, who saved it and when. */
@Entity("article_revision")
@Index("IDX_article_revision_article", ["articleId", "id"])
export class ArticleRevision extends ArticleFieldColumns({}) {
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
}
