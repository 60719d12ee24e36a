// Which articles a role may touch: contributors their own drafts, authors their own articles, editors and above every
// article (the permission table, ./staff.ts). Each rule answers why not, or null when allowed: the server throws the
// reason (src/services/staff/articleAccess.ts) and the editor offers only what these allow. No server imports here.
import type { ArticleStatus } from "./constants.js";
import { can, type Role } from "./staff.js";

type Person = { id: number; role: Role };
export type OwnedArticle = { authorId: number | null; status: ArticleStatus };
export type ArticleChange = { status?: ArticleStatus; publishedAt?: string | null; liveStatus?: string | null };

/** Reading an article of any status (the editor's read, revisions): editors any, others their own. */
export function readRefusal(person: Person, article: OwnedArticle): string | null {
  if (can(person.role, "articles:any") || article.authorId === person.id) return null;
  return "You can open only your own articles";
}

/** Whether a change publishes (or schedules, or archives) rather than keeps a draft. */
const publishes = (change: ArticleChange) => (change.status !== undefined && change.status !== "draft") || (change.publishedAt !== undefined && change.publishedAt !== null);

/** Creating: a role without publishing rights creates drafts only. */
export function createRefusal(person: Pick<Person, "role">, change: ArticleChange): string | null {
  if (!can(person.role, "articles:publish-own") && publishes(change)) return "Contributors create drafts and submit them for review: an editor publishes";
  return null;
}

/**
 * Editing, deleting or restoring: editors any article; authors their own; contributors their own drafts, kept drafts.
 * Starting, ending or undoing a live blog is editors' work, as its posts are.
 */
export function editRefusal(person: Person, article: OwnedArticle, change: ArticleChange = {}): string | null {
  if (can(person.role, "articles:any")) return null;
  if (article.authorId !== person.id) return "You can change only your own articles";
  if (change.liveStatus !== undefined) return "Your role does not run live blogs: an editor starts and ends them";
  if (can(person.role, "articles:publish-own")) return null;
  if (article.status !== "draft") return "Contributors change drafts only: this article is published or archived";
  return createRefusal(person, change);
}

/** The default status of a new article: published for those who may publish (the API's default), else draft. */
export const defaultStatus = (person: Pick<Person, "role">): ArticleStatus => (can(person.role, "articles:publish-own") ? "published" : "draft");
