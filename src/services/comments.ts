import type { CommentRepository } from "../repositories/commentRepository.js";
import { presentComment } from "../presenters/comment.js";
import type { CommentDto } from "../schemas/site.js";

export interface CommentSubmission {
  articleId: number;
  authorName: string;
  authorEmail: string;
  content: string;
  website?: string;
}

/** Decides whether a new comment is published at once or held for moderation. */
export type CommentFilter = (submission: CommentSubmission) => Promise<string | null>;

/** Posting a comment: the filter's reason (if any) holds it as pending; nothing is ever dropped. */
export class CommentService {
  constructor(
    private readonly comments: CommentRepository,
    private readonly filter: CommentFilter,
  ) {}

  async post(submission: CommentSubmission): Promise<CommentDto> {
    const reason = await this.filter(submission);
    const saved = await this.comments.create({
      articleId: submission.articleId,
      authorName: submission.authorName,
      authorEmail: submission.authorEmail,
      content: submission.content,
      status: reason ? "pending" : "approved",
      moderationReason: reason,
    });
    return presentComment(saved);
  }
}
