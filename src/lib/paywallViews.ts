// A premium article's two views, rendered when it is saved so that no read renders markdown: the free preview (its
// HTML and headings) and the members-only rest. Stored as JSON in a row of `article_paywall_view` of their own, with
// the hash of the body they were rendered from (entities/ArticlePaywallView.ts).
import { createHash } from "node:crypto";
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

/** What the views were rendered from (SHA-256, hex): stored views serve a read only while they match its body. */
export const contentHash = (content: string) => createHash("sha256").update(content).digest("hex");

/** A member's body: the preview, then the members-only part in its own element, so the page and its JSON-LD can
 *  name exactly what is gated. */
export const memberHtml = (views: PaywallViews & { gatedHtml: string }) => `${views.previewHtml}\n<div class="${GATED_CLASS}">${views.gatedHtml}</div>`;
