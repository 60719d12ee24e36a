// A search result as its reader receives it: the card and a snippet cut from the text this reader may read (a
// premium article's free preview for non-members, its whole body for members and the newsroom).
import type { ArticleCard } from "../schemas/article.js";
import type { SearchPageAnswer } from "../schemas/search.js";
import { readsPremium, type Viewer } from "./viewer.js";

/** A result's card with the snippets (buildSnippet) of its whole body and of its free preview. */
export interface SearchRow {
  card: ArticleCard;
  bodySnippet: string;
  previewSnippet: string;
}

export function presentSearchHit(row: SearchRow, viewer: Viewer): SearchPageAnswer["items"][number] {
  return { ...row.card, snippet: !row.card.isPremium || readsPremium(viewer) ? row.bodySnippet : row.previewSnippet };
}
