// Comments as readers and partners receive them: never the author's e-mail address.
import type { Comment } from "../entities/Comment.js";
import { iso } from "../lib/time.js";
import type { CommentDto } from "../schemas/site.js";

/** The public shape of a comment: its author's name, never their address. */
export function presentComment(c: Comment): CommentDto {
  return { id: c.id, authorName: c.authorName, content: c.content, isApproved: c.status === "approved", createdAt: iso(c.createdAt)! };
}

/** What partners' webhooks learn of a comment (never the author's address). */
export const presentCommentActivity = (c: Comment) => ({ ...presentComment(c), articleId: c.articleId, status: c.status });
