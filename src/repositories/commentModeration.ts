import { In, type DataSource } from "typeorm";
import type { ContentEvents } from "../services/contentEvents.js";
import { Comment } from "../entities/Comment.js";
import { NotFoundError } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import { presentCommentActivity } from "../presenters/comment.js";
import type { CommentStatus } from "../schemas/constants.js";

export interface ModerationComment {
  id: number;
  articleId: number;
  articleTitle: string;
  articleSlug: string;
  authorName: string;
  authorEmail: string;
  content: string;
  status: CommentStatus;
  moderationReason: string | null;
  createdAt: string;
}

export type ModerationAction = "approve" | "reject" | "delete";
const STATUS_OF: Record<Exclude<ModerationAction, "delete">, CommentStatus> = { approve: "approved", reject: "rejected" };

/** The administrator's view of comments: every status, with the commenter's e-mail and the article it belongs to. */
export class CommentModeration {
  constructor(
    private readonly ds: DataSource,
    private readonly events: ContentEvents,
  ) {}

  /** Readers see approved comments only; any moderation may change what an article shows. */
  private async changed(ids: number[]) {
    const rows = await this.repo.find({ select: { articleId: true }, where: { id: In(ids) } });
    return [...new Set(rows.map((r) => r.articleId))];
  }

  private get repo() {
    return this.ds.getRepository(Comment);
  }

  /** Comments awaiting review first (oldest first, so none waits forever), then the most recent others. */
  async list(input: { status?: CommentStatus; limit: number }): Promise<{ items: ModerationComment[]; pending: number }> {
    const query = (status: CommentStatus | "reviewed", order: "ASC" | "DESC", limit: number) => {
      const qb = this.repo.createQueryBuilder("c").innerJoinAndSelect("c.article", "a");
      if (status === "reviewed") qb.where("c.status <> :pending", { pending: "pending" });
      else qb.where("c.status = :status", { status });
      return qb.orderBy("c.createdAt", order).addOrderBy("c.id", order).limit(limit).getMany();
    };
    const rows = input.status
      ? await query(input.status, input.status === "pending" ? "ASC" : "DESC", input.limit)
      : await query("pending", "ASC", input.limit).then(async (pending) => [...pending, ...(pending.length < input.limit ? await query("reviewed", "DESC", input.limit - pending.length) : [])]);
    const pending = await this.repo.countBy({ status: "pending" });
    return { items: rows.map(toModerationComment), pending };
  }

  async setStatus(id: number, status: Exclude<CommentStatus, "pending">): Promise<ModerationComment> {
    const result = await this.repo.update({ id }, { status });
    if (!result.affected) throw new NotFoundError("Comment not found");
    const row = await this.repo.findOne({ where: { id }, relations: { article: true } });
    await this.events.emit({ type: "comments", articleIds: [row!.articleId] });
    if (status === "approved") await this.events.emit({ type: "activity", event: "comment.approved", data: presentCommentActivity(row!) });
    return toModerationComment(row!);
  }

  async delete(id: number): Promise<void> {
    const articleIds = await this.changed([id]);
    const result = await this.repo.delete({ id });
    if (!result.affected) throw new NotFoundError("Comment not found");
    await this.events.emit({ type: "comments", articleIds });
  }

  /** Applies one action to many comments; ids that do not exist are reported as failed, the rest succeed. */
  async bulk(ids: number[], action: ModerationAction): Promise<{ succeeded: number[]; failed: number[] }> {
    const unique = [...new Set(ids)];
    const existing = new Set((await this.repo.find({ select: { id: true }, where: { id: In(unique) } })).map((c) => c.id));
    const succeeded = unique.filter((id) => existing.has(id));
    const failed = unique.filter((id) => !existing.has(id));
    if (succeeded.length) {
      const articleIds = await this.changed(succeeded);
      if (action === "delete") await this.repo.delete({ id: In(succeeded) });
      else await this.repo.update({ id: In(succeeded) }, { status: STATUS_OF[action] });
      await this.events.emit({ type: "comments", articleIds });
      if (action === "approve") {
        for (const comment of await this.repo.find({ where: { id: In(succeeded) }, order: { id: "ASC" } })) {
          await this.events.emit({ type: "activity", event: "comment.approved", data: presentCommentActivity(comment) });
        }
      }
    }
    return { succeeded, failed };
  }
}

function toModerationComment(c: Comment): ModerationComment {
  return {
    id: c.id,
    articleId: c.articleId,
    articleTitle: c.article?.title ?? "",
    articleSlug: c.article?.slug ?? "",
    authorName: c.authorName,
    authorEmail: c.authorEmail,
    content: c.content,
    status: c.status as CommentStatus,
    moderationReason: c.moderationReason,
    createdAt: iso(c.createdAt)!,
  };
}
