// Who receives an answer. Every presenter (src/presenters/) shapes a row for one viewer: the paywall, the draft rule
// and what only the newsroom reads are decided here and nowhere else.
import type { ApiScope } from "../schemas/partner.js";
import type { Role } from "../schemas/staff.js";

export type Viewer =
  | { kind: "anonymous" }
  /** A signed-in reader; `entitled`: a subscription gives access to premium articles. */
  | { kind: "reader"; entitled: boolean }
  /** A staff member signed in (any role). */
  | { kind: "staff"; role: Role }
  /** A partner's API key, acting with exactly its scopes. */
  | { kind: "apiKey"; scopes: readonly ApiScope[] };

/** The public doors' viewer: feeds, sitemaps, webhooks, the newsletter digest, the page cache's renders. */
export const ANONYMOUS: Viewer = { kind: "anonymous" };

/** A viewer found only when needed (knowing it may cost a session lookup). */
export type LazyViewer = () => Promise<Viewer>;
export const anonymousViewer: LazyViewer = async () => ANONYMOUS;

/** Members and the newsroom read premium bodies in full: an entitled reader, any staff member, and a partner key that
 *  may write articles (it reads any article already). Anyone else, other keys included, reads previews. */
export function readsPremium(viewer: Viewer): boolean {
  switch (viewer.kind) {
    case "reader":
      return viewer.entitled;
    case "staff":
      return true;
    case "apiKey":
      return viewer.scopes.includes("articles:write");
    default:
      return false;
  }
}

/** The newsroom's reads: drafts, scheduled and archived articles, and the fields only the newsroom sees. */
export const readsNewsroom = (viewer: Viewer) => viewer.kind === "staff" || (viewer.kind === "apiKey" && viewer.scopes.includes("articles:write"));

/** Whether readers may see an article now: published, and its publication time has come. */
export function isPublicNow(article: { status: string; publishedAt: string | Date | null }, now = new Date()): boolean {
  return article.status === "published" && article.publishedAt !== null && new Date(article.publishedAt).getTime() <= now.getTime();
}
