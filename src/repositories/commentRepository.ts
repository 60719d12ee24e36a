import type { DataSource } from "typeorm";
import type { ContentEvents } from "../services/contentEvents.js";
import { Article } from "../entities/Article.js";
import { Comment } from "../entities/Comment.js";
import { NotFoundError } from "../lib/errors.js";
import { toDbDate } from "../lib/time.js";
import { presentCommentActivity } from "../presenters/comment.js";
import type { CommentStatus } from "../schemas/constants.js";
import { managerOf, type Tx } from "./transaction.js";


export class CommentRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly events: ContentEvents,
  ) {}

  private get repo() {
    return this.ds.getRepository(Comment);
  }

  /** Approved comments of a published article, oldest first (rows: readers get them through presentComment). */
  async listApproved(articleId: number): Promise<Comment[]> {
    await this.requirePublishedArticle(articleId);
    const rows = await this.repo.find({
      where: { articleId, status: "approved" },
      order: { createdAt: "ASC", id: "ASC" },
      take: 500,
    });
    return rows;
  }

  async create(input: { articleId: number; authorName: string; authorEmail: string; content: string; status: CommentStatus; moderationReason: string | null }) {
    await this.requirePublishedArticle(input.articleId);
    const saved = await this.repo.save(this.repo.create(input));
    if (saved.status === "approved") await this.events.emit({ type: "comments", articleIds: [saved.articleId] });
    await this.events.emit({ type: "activity", event: "comment.created", data: presentCommentActivity(saved) });
    return saved;
  }

  /** True when the same text was posted on the article within the window (a duplicate-spam signal). */
  async hasRecentDuplicate(articleId: number, content: string, since: Date): Promise<boolean> {
    const n = await this.repo
      .createQueryBuilder("c")
      .where("c.articleId = :articleId", { articleId })
      .andWhere("c.content = :content", { content })
      .andWhere("c.createdAt >= :since", { since: toDbDate(since) })
      .getCount();
    return n > 0;
  }

  private async requirePublishedArticle(articleId: number) {
    const exists = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .where("a.id = :articleId AND a.status = 'published' AND a.publishedAt <= :now", { articleId, now: toDbDate(new Date()) })
      .getExists();
    if (!exists) throw new NotFoundError("Article not found");
  }

  async countByStatus(status: CommentStatus) {
    return this.repo.countBy({ status });
  }

  /** An imported comment, written in the caller's transaction (its time kept); answers its id. */
  async saveImported(tx: Tx, id: number | null, fields: Pick<Comment, "articleId" | "authorName" | "authorEmail" | "content" | "status" | "createdAt">): Promise<number> {
    const repo = managerOf(this.ds, tx).getRepository(Comment);
    const existing = id === null ? null : await repo.findOneBy({ id });
    if (existing) {
      await repo.update({ id: existing.id }, fields);
      return existing.id;
    }
    const result = await repo.insert({ ...fields, moderationReason: fields.status === "approved" ? null : "Imported from WordPress (not approved there)" });
    return Number(result.identifiers[0].id);
  }
}
