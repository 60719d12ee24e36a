// A search result as its reader receives it: the card and a snippet cut from the text this reader may read (a
// premium article's free preview for non-members, its whole body for members and the newsroom).
import type { SearchTerm } from "../repositories/articleSearch.js";
import type { ArticleCard } from "../schemas/article.js";
import type { SearchPageAnswer } from "../schemas/search.js";
import { buildSnippet } from "../services/search/snippet.js";
import { readsPremium, type Viewer } from "./viewer.js";

/** A result's card with the start of its whole body and of its free preview. */
export interface SearchRow {
  card: ArticleCard;
  body: string;
  preview: string;
}

export function presentSearchHit(row: SearchRow, viewer: Viewer, terms: SearchTerm[]): SearchPageAnswer["items"][number] {
  const readable = !row.card.isPremium || readsPremium(viewer) ? row.body : row.preview;
  return { ...row.card, snippet: buildSnippet(terms, { excerpt: row.card.excerpt ?? "", body: readable }) };
}
