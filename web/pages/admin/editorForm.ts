// The editor's form as its controls hold it, and the conversions between it, a stored article and what a save sends.
import type { ArticleCreateInput, ArticleDto } from "../../../src/schemas/article.js";
import { EDITABLE_ARTICLE_FIELDS, type EditableArticleField } from "../../../src/schemas/constants.js";
import { toZonedInput } from "../../components/admin/zonedTime.js";

type FormValue<T> = NonNullable<T> extends boolean ? boolean : NonNullable<T>;
/**
 * Every field the newsroom edits (EDITABLE_ARTICLE_FIELDS) as its control holds it: text as a string ("" for none),
 * a flag as a boolean; publishedAt as a datetime-local value in the site's zone (SITE_TIMEZONE), "" = set when published.
 */
export type EditorForm = { [K in EditableArticleField]: FormValue<ArticleCreateInput[K]> };

export const EMPTY_FORM: EditorForm = {
  title: "", slug: "", excerpt: "", content: "", author: "", category: "analysis", contentTier: "news_brief",
  imageUrl: "", imageAlt: "", isBreaking: false, isPremium: false, status: "published", publishedAt: "",
};

export function formFrom(a: ArticleDto, timeZone: string): EditorForm {
  const form = Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((field) => [field, a[field] ?? ""])) as EditorForm;
  return { ...form, publishedAt: toZonedInput(a.publishedAt, timeZone) };
}

/** A form kept in this browser, with any field it predates (the form gained a field since) as for a new article. */
export const completeForm = (kept: Partial<EditorForm>): EditorForm => Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((field) => [field, kept[field] ?? EMPTY_FORM[field]])) as EditorForm;

/** Text trimmed (the server reads an empty text as none, or as its default), the rest as chosen. */
export const trimmed = (form: EditorForm) => Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((field) => [field, typeof form[field] === "string" ? form[field].trim() : form[field]])) as EditorForm;

/** Where this browser keeps the unsaved form of an article (or of the new one). */
export const draftKey = (id: number | null) => `admin-draft:article:${id ?? "new"}`;
