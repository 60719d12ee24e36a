import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Article } from "./Article.js";
import { DATETIME } from "./columnTypes.js";

/**
 * A shareable link that shows an article, whatever its status, to anyone holding it until it expires or is revoked.
 * Only the SHA-256 of its token is stored (as for sessions and API keys): the link is shown once, when it is made.
 */
@Entity("article_preview_link")
@Index("IDX_article_preview_link_article", ["articleId"])
export class ArticlePreview {
  /** Random, public: names the link in the newsroom's list and when revoking it (never opens it). */
  @PrimaryColumn({ type: "varchar", length: 64 })
  id: string;

  /** SHA-256 (hex) of the token in the link, which is 24 random bytes, base64url. */
  @Index("UQ_article_preview_link_token", { unique: true })
  @Column({ type: "varchar", length: 64 })
  tokenHash: string;

  @Column({ type: "int" })
  articleId: number;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_article_preview_link_article" })
  article?: Article;

  @Column({ ...DATETIME })
  createdAt: Date;

  @Column({ ...DATETIME })
  expiresAt: Date;

  @Column({ ...DATETIME, nullable: true })
  revokedAt: Date | null;
}
