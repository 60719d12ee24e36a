import type { RegExpMatcher } from "obscenity";
import { MINUTE } from "../lib/time.js";
import type { CommentRepository } from "../repositories/commentRepository.js";
import type { CommentFilter, CommentSubmission } from "./comments.js";

/**
 * Profanity, slurs and lewd terms; the recommended transformers catch l33t spelling, repeated and look-alike
 * characters. Built at the first comment (a process that takes none never holds the word list and its patterns).
 */
let matcher: Promise<RegExpMatcher> | undefined;
const loadMatcher = () =>
  (matcher ??= import("obscenity").then(({ englishDataset, englishRecommendedTransformers, RegExpMatcher }) => {
    const dataset = englishDataset.build();
    return new RegExpMatcher({
      ...dataset,
      ...englishRecommendedTransformers,
      // The dataset's own allow-list (analysis, analyst, …) plus words of defense reporting and names
      // the word list would otherwise hold back.
      whitelistedTerms: [
        ...(dataset.whitelistedTerms ?? []),
        ...["assad", "cockpit", "dickinson", "dick cheney", "moby dick", "tit-for-tat", "tit for tat", "cum laude", "magna cum", "summa cum"],
      ],
    });
  }));

const MAX_LINKS = 2;
const DUPLICATE_WINDOW = 10 * MINUTE;
const LINK = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]{2,}/gi;

export const FILTER_REASONS = {
  honeypot: "Hidden honeypot field was filled (likely a bot)",
  language: "Contains profanity, slurs or lewd language",
  links: `Contains more than ${MAX_LINKS} links`,
  duplicate: "Same text posted on this article within the last 10 minutes",
} as const;

/**
 * The automatic comment filter: the reason to hold a comment for moderation, or null to publish it.
 * Cheap checks first; the duplicate check is the only database read.
 */
export function createCommentFilter(comments: Pick<CommentRepository, "hasRecentDuplicate">): CommentFilter {
  return async (s: CommentSubmission) => {
    if (s.website && s.website.trim()) return FILTER_REASONS.honeypot;
    const words = await loadMatcher();
    if (words.hasMatch(s.content) || words.hasMatch(s.authorName)) return FILTER_REASONS.language;
    if ((s.content.match(LINK) ?? []).length > MAX_LINKS) return FILTER_REASONS.links;
    if (await comments.hasRecentDuplicate(s.articleId, s.content, new Date(Date.now() - DUPLICATE_WINDOW))) return FILTER_REASONS.duplicate;
    return null;
  };
}
