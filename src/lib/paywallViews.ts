// A premium article's two views, rendered when it is saved so that no read renders markdown: the free preview (its
// HTML and headings) and the members-only rest. Stored as JSON in `article.paywallViews`.
import type { Heading } from "./markdown.js";
import { GATED_CLASS } from "../schemas/constants.js";

export interface PaywallViews {
  /** The free preview's HTML (lib/premiumPreview.ts `splitPreview`). */
  previewHtml: string;
  /** The preview's headings, the table of contents a non-member sees. */
  headings: Heading[];
  /** The members-only rest's HTML; null when the article is too short to gate anything. */
  gatedHtml: string | null;
}

/** Where a row read for a reader carries its stored views to the paywall: a symbol, so that no answer ever serialises them. */
export const STORED_PAYWALL_VIEWS = Symbol("stored paywall views");
export interface WithStoredPaywallViews {
  /** The `paywallViews` column as read (null or absent: not stored yet). */
  [STORED_PAYWALL_VIEWS]?: string | null;
}

/** Gives a premium article's answer its stored views (the column as read), for the paywall only. */
export function withStoredPaywallViews<T extends object>(dto: T, row: { isPremium: boolean; paywallViews: string | null }): T & WithStoredPaywallViews {
  return row.isPremium ? Object.assign(dto, { [STORED_PAYWALL_VIEWS]: row.paywallViews }) : dto;
}

/** A member's body: the preview, then the members-only part in its own element, so the page and its JSON-LD can
 *  name exactly what is gated. */
export const memberHtml = (views: PaywallViews & { gatedHtml: string }) => `${views.previewHtml}\n<div class="${GATED_CLASS}">${views.gatedHtml}</div>`;
