import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { Article } from "./Article.js";
import { CREATED_AT, UPDATED_AT } from "./columnTypes.js";

/** One update of a live blog (an article whose liveStatus is set): a short markdown body, sanitised once when saved. */
@Entity("live_post")
@Index("IDX_live_post_article", ["articleId", "id"])
export class LivePost {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  articleId: number;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_live_post_article" })
  article?: Article;

  @Column({ type: "varchar", length: 200, nullable: true })
  title: string | null;

  @Column({ type: "text" })
  body: string;

  /** Sanitised HTML rendered from `body` when the post is saved. */
  @Column({ type: "text" })
  bodyHtml: string;

  @Column({ type: "varchar", length: 1000, nullable: true })
  imageUrl: string | null;

  @Column({ type: "boolean", default: false })
  isKeyEvent: boolean;

  @Column({ type: "boolean", default: false })
  pinned: boolean;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
