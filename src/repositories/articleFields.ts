import type { ArticleFieldRow } from "../entities/ArticleFields.js";
import { ARTICLE_VALUE_ORDER, type ArticleFieldValues } from "../schemas/articleFields.js";
import { EDITABLE_ARTICLE_FIELDS } from "../schemas/constants.js";

/** A row's own article fields as answers give them (dates as ISO-8601), in the answers' order. */
export function articleFieldValues(row: ArticleFieldRow): ArticleFieldValues {
  return Object.fromEntries(ARTICLE_VALUE_ORDER.map((key) => [key, valueOf(row[key])])) as ArticleFieldValues;
}

// TypeORM hands back booleans and Dates for these columns on both dialects; only the dates change form.
const valueOf = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A row's own article fields as stored, to store them again in another row (a revision of the article). */
export function copyArticleFields(row: ArticleFieldRow): ArticleFieldRow {
  return Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((key) => [key, row[key]])) as ArticleFieldRow;
}
