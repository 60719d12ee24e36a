// The article rules of src/schemas/articleRights.ts as the procedures need them: a refusal becomes a 403. The
// procedures call these after their builder's check; the editor reads the same rules to offer only what is allowed.
import { ForbiddenError } from "../../lib/errors.js";
import { createRefusal, editRefusal, readRefusal, type ArticleChange, type OwnedArticle } from "../../schemas/articleRights.js";
import type { Actor } from "../auth.js";

export { defaultStatus } from "../../schemas/articleRights.js";

type Person = Pick<Actor, "id" | "role">;
const refuse = (reason: string | null) => {
  if (reason) throw new ForbiddenError(reason);
};

/** Reading an article of any status (the editor's read, revisions): editors any, others their own. */
export const assertCanRead = (actor: Person, article: OwnedArticle): void => refuse(readRefusal(actor, article));

/** Creating: a role without publishing rights creates drafts only. */
export const assertCanCreate = (actor: Pick<Actor, "role">, change: ArticleChange): void => refuse(createRefusal(actor, change));

/** Editing, deleting or restoring: editors any article; authors their own; contributors their own drafts, kept drafts. */
export const assertCanEdit = (actor: Person, article: OwnedArticle, change: ArticleChange = {}): void => refuse(editRefusal(actor, article, change));
