import { Column } from "typeorm";
import type { EditableArticleField } from "../schemas/constants.js";
import { DATETIME, longText } from "./columnTypes.js";

/**
 * The columns of an article's own fields (EDITABLE_ARTICLE_FIELDS), shared by the article and each of its revisions.
 * A function rather than a plain base class because the article's two flags have a database default that the
 * revision's lack, and TypeORM keeps a parent's column over a subclass's redeclaration of it.
 */
export function ArticleFieldColumns(options: { flagDefault?: boolean }) {
  const flag = { type: "boolean", ...(options.flagDefault === undefined ? {} : { default: options.flagDefault }) } as const;

  class ArticleFields implements Record<EditableArticleField, unknown> {
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

    @Column({ ...flag })
    isBreaking: boolean;

    @Column({ ...flag })
    isPremium: boolean;

    @Column({ type: "varchar", length: 16 })
    status: string;

    @Column({ ...DATETIME, nullable: true })
    publishedAt: Date | null;
  }
  return ArticleFields;
}

/** An article's own fields as a row holds them (an article, a revision). */
export type ArticleFieldRow = Pick<InstanceType<ReturnType<typeof ArticleFieldColumns>>, EditableArticleField>;
