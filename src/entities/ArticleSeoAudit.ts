import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from "typeorm";
import { Article } from "./Article.js";
import { DATETIME } from "./columnTypes.js";

/** The SEO audit of one article, stored whenever the article is saved. */
@Entity("article_seo_audit")
export class ArticleSeoAudit {
  @PrimaryColumn({ type: "int" })
  articleId: number;

  @OneToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_seo_audit_article" })
  article?: Article;

  /** 0-100: the share of checks passed. */
  @Column({ type: "int" })
  score: number;

  @Column({ type: "int" })
  titleLength: number;

  @Column({ type: "int" })
  descriptionLength: number;

  @Column({ type: "boolean" })
  imageAlt: boolean;

  @Column({ type: "int" })
  headings: number;

  @Column({ type: "int" })
  internalLinks: number;

  /** JSON list of the failed checks, in words. */
  @Column({ type: "text" })
  issues: string;

  @Column(DATETIME)
  auditedAt: Date;
}
