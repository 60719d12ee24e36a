// Which articles a role may touch, below every door: contributors their own drafts, authors their own articles,
// editors and above every article (src/schemas/staff.ts). The procedures call these after their builder's check.
import { ForbiddenError } from "../../lib/errors.js";
import type { ArticleStatus } from "../../schemas/constants.js";
import { can } from "../../schemas/staff.js";
import type { Actor } from "../auth.js";

type Owned = { authorId: number | null; status: ArticleStatus };
type Change = { status?: ArticleStatus; publishedAt?: string | null; liveStatus?: string | null };

/** Reading an article of any status (the editor's read, revisions): editors any, others their own. */
export function assertCanRead(actor: Pick<Actor, "id" | "role">, article: Owned): void {
  if (can(actor.role, "articles:any")) return;
  if (article.authorId !== actor.id) throw new ForbiddenError("You can open only your own articles");
}

/** Whether a change publishes (or schedules, or archives) rather than keeps a draft. */
const publishes = (change: Change) => (change.status !== undefined && change.status !== "draft") || (change.publishedAt !== undefined && change.publishedAt !== null);

/** Creating: a role without publishing rights creates drafts only. */
export function assertCanCreate(actor: Pick<Actor, "role">, change: Change): void {
  if (!can(actor.role, "articles:publish-own") && publishes(change)) throw new ForbiddenError("Contributors create drafts and submit them for review: an editor publishes");
}

/**
 * Editing, deleting or restoring: editors any article; authors their own; contributors their own drafts, kept drafts.
 * Starting, ending or undoing a live blog is editors' work, as its posts are.
 */
export function assertCanEdit(actor: Pick<Actor, "id" | "role">, article: Owned, change: Change = {}): void {
  if (can(actor.role, "articles:any")) return;
  if (article.authorId !== actor.id) throw new ForbiddenError("You can change only your own articles");
  if (change.liveStatus !== undefined) throw new ForbiddenError("Your role does not run live blogs: an editor starts and ends them");
  if (can(actor.role, "articles:publish-own")) return;
  if (article.status !== "draft") throw new ForbiddenError("Contributors change drafts only: this article is published or archived");
  assertCanCreate(actor, change);
}

/** The default status of a new article: published for those who may publish (the API's default), else draft. */
export const defaultStatus = (actor: Pick<Actor, "role">): ArticleStatus => (can(actor.role, "articles:publish-own") ? "published" : "draft");
