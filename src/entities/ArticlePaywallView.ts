import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from "typeorm";
import { Article } from "./Article.js";
import { longText } from "./columnTypes.js";

/**
 * A premium article's preview and members-only views (lib/paywallViews.ts), rendered when it is saved and written in
 * the save's transaction, so that no read renders markdown. A table of its own, not a column of `article`: on MariaDB
 * adding a column to `article` (six FULLTEXT indexes) copies the whole table, this one is created instantly. Removed
 * with its article (cascade) and when the article is made free.
 */
@Entity("article_paywall_view")
export class ArticlePaywallView {
  /** The article's id: the paywall reads its views by primary key. */
  @PrimaryColumn({ type: "int" })
  articleId: number;

  /** The views as JSON (PaywallViews). */
  @Column(longText())
  views: string;

  /** SHA-256 (hex) of the body the views were rendered from: a row that does not match the body is never shown. */
  @Column({ type: "varchar", length: 64 })
  contentHash: string;

  /** Deleting the article deletes its views. */
  @OneToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_paywall_view_article" })
  article?: Article;
}
