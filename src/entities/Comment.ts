import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Article } from "./Article.js";
import { CREATED_AT } from "./columnTypes.js";

@Entity("comment")
@Index("IDX_comment_article_status_created", ["articleId", "status", "createdAt"])
@Index("IDX_comment_status_created", ["status", "createdAt"])
export class Comment {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  articleId: number;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_comment_article" })
  article?: Article;

  @Column({ type: "varchar", length: 100 })
  authorName: string;

  @Column({ type: "varchar", length: 254 })
  authorEmail: string;

  @Column({ type: "text" })
  content: string;

  /** approved | pending | rejected */
  @Column({ type: "varchar", length: 16 })
  status: string;

  /** Why the automatic filter held the comment, for the moderator. */
  @Column({ type: "varchar", length: 200, nullable: true })
  moderationReason: string | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;
}
