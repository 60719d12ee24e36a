import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Article } from "./Article.js";
import { DATETIME } from "./columnTypes.js";

/** A shareable link that shows an article, whatever its status, to anyone holding it until it expires or is revoked. */
@Entity("article_preview")
@Index("IDX_article_preview_article", ["articleId"])
export class ArticlePreview {
  /** Random, unguessable (24 bytes, base64url). */
  @PrimaryColumn({ type: "varchar", length: 64 })
  token: string;

  @Column({ type: "int" })
  articleId: number;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_article_preview_article" })
  article?: Article;

  @Column({ ...DATETIME })
  createdAt: Date;

  @Column({ ...DATETIME })
  expiresAt: Date;

  @Column({ ...DATETIME, nullable: true })
  revokedAt: Date | null;
}
