// A live blog's posts and the log of its stream's events. Every write stores its event in the same transaction, one
// article at a time (the article row is locked on MySQL/MariaDB; SQLite runs one write transaction at a time), so the
// events of one live blog are numbered 1, 2, 3… (`seq`, the stream's event id) without gaps, in commit order: a reader
// resuming after N never skips one, and a stream that sees N+2 arrive after N knows where to look.
import { MoreThan, type DataSource, type EntityManager } from "typeorm";
import { Article } from "../entities/Article.js";
import { LiveEvent } from "../entities/LiveEvent.js";
import { LivePost } from "../entities/LivePost.js";
import { managerOf, txOf, type TransactionRunner } from "./transaction.js";
import type { ContentEvents, StoredChange } from "../services/contentEvents.js";
import { ConflictError, NotFoundError } from "../lib/errors.js";
import { renderMarkdown } from "../lib/markdown.js";
import { iso } from "../lib/time.js";
import type { LiveEventDto, LiveEventKind, LivePostCreateInput, LivePostDto, LivePostUpdateInput } from "../schemas/live.js";

export function toLivePostDto(p: LivePost): LivePostDto {
  return {
    id: p.id,
    articleId: p.articleId,
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
    body: p.body,
    bodyHtml: p.bodyHtml,
    title: p.title,
    imageUrl: p.imageUrl,
    isKeyEvent: Boolean(p.isKeyEvent),
    pinned: Boolean(p.pinned),
  };
}

const toEventDto = (e: LiveEvent): LiveEventDto => {
  const payload = JSON.parse(e.payload || "{}") as { post?: LivePostDto };
  return { id: e.seq, articleId: e.articleId, kind: e.kind as LiveEventKind, ...(payload.post ? { post: payload.post } : {}), ...(e.postId ? { postId: e.postId } : {}) };
};

/** Events a reconnecting stream may ask for at once; a reader further behind reloads the page. */
export const RESUME_LIMIT = 500;

export class LiveRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly transaction: TransactionRunner,
    /** Each event is also written to the content events' outbox in its transaction: delivered after commit, at least
     *  once (streams drop an id they already sent). */
    private readonly events: ContentEvents,
  ) {}

  /** The article, locked for this transaction on MySQL/MariaDB (one live write per article at a time). */
  private async lockArticle(m: EntityManager, articleId: number): Promise<Article> {
    const qb = m.getRepository(Article).createQueryBuilder("a").select(["a.id", "a.liveStatus"]).where("a.id = :articleId", { articleId });
    if (this.ds.options.type !== "better-sqlite3") qb.setLock("pessimistic_write");
    const article = await qb.getOne();
    if (!article) throw new NotFoundError("Article not found");
    return article;
  }

  private async record(m: EntityManager, articleId: number, kind: LiveEventKind, post: LivePostDto | null, postId: number | null): Promise<StoredChange> {
    const events = m.getRepository(LiveEvent);
    const last = await events.findOne({ select: { seq: true }, where: { articleId }, order: { seq: "DESC" } });
    const saved = await events.save(events.create({ articleId, seq: (last?.seq ?? 0) + 1, kind, postId, payload: JSON.stringify(post ? { post } : {}) }));
    return this.events.record(txOf(m), { type: "live", event: toEventDto(saved) });
  }

  async create(input: LivePostCreateInput): Promise<{ post: LivePostDto; change: StoredChange }> {
    const bodyHtml = (await renderMarkdown(input.body)).html;
    return this.transaction(async (tx) => {
      const m = managerOf(this.ds, tx);
      const article = await this.lockArticle(m, input.id);
      if (article.liveStatus !== "live") throw new ConflictError("The article is not live: set its liveStatus to live first");
      const repo = m.getRepository(LivePost);
      const saved = await repo.save(repo.create({ articleId: input.id, body: input.body, bodyHtml, title: input.title ?? null, imageUrl: input.imageUrl ?? null, isKeyEvent: input.isKeyEvent ?? false, pinned: input.pinned ?? false }));
      const post = toLivePostDto((await repo.findOneBy({ id: saved.id }))!);
      return { post, change: await this.record(m, input.id, "post", post, post.id) };
    });
  }

  async update(input: LivePostUpdateInput): Promise<{ post: LivePostDto; change: StoredChange }> {
    const bodyHtml = input.body === undefined ? undefined : (await renderMarkdown(input.body)).html;
    return this.transaction(async (tx) => {
      const m = managerOf(this.ds, tx);
      await this.lockArticle(m, input.id);
      const repo = m.getRepository(LivePost);
      const existing = await repo.findOneBy({ id: input.postId, articleId: input.id });
      if (!existing) throw new NotFoundError("Live post not found");
      if (input.body !== undefined) Object.assign(existing, { body: input.body, bodyHtml });
      if (input.title !== undefined) existing.title = input.title;
      if (input.imageUrl !== undefined) existing.imageUrl = input.imageUrl;
      if (input.isKeyEvent !== undefined) existing.isKeyEvent = input.isKeyEvent;
      if (input.pinned !== undefined) existing.pinned = input.pinned;
      existing.updatedAt = new Date();
      await repo.save(existing);
      const post = toLivePostDto((await repo.findOneBy({ id: existing.id }))!);
      return { post, change: await this.record(m, input.id, "update", post, post.id) };
    });
  }

  async delete(articleId: number, postId: number): Promise<StoredChange> {
    return this.transaction(async (tx) => {
      const m = managerOf(this.ds, tx);
      await this.lockArticle(m, articleId);
      const result = await m.getRepository(LivePost).delete({ id: postId, articleId });
      if (!result.affected) throw new NotFoundError("Live post not found");
      return this.record(m, articleId, "delete", null, postId);
    });
  }

  /** The end of the coverage, for the streams (the article's own change is saved by the article repository). */
  async recordEnd(articleId: number): Promise<StoredChange> {
    return this.transaction(async (tx) => {
      const m = managerOf(this.ds, tx);
      await this.lockArticle(m, articleId);
      return this.record(m, articleId, "end", null, null);
    });
  }

  /** Posts newest first, `limit` of them older than `before` (a post id); `more` when older ones remain. */
  async list(articleId: number, limit: number, before?: number): Promise<{ posts: LivePostDto[]; more: boolean }> {
    const qb = this.ds.getRepository(LivePost).createQueryBuilder("p").where("p.articleId = :articleId", { articleId });
    if (before !== undefined) qb.andWhere("p.id < :before", { before });
    const rows = await qb.orderBy("p.id", "DESC").take(limit + 1).getMany();
    return { posts: rows.slice(0, limit).map(toLivePostDto), more: rows.length > limit };
  }

  /** Pinned posts (shown above the others) and the key events' list, newest first. */
  async highlights(articleId: number): Promise<{ pinned: LivePostDto[]; keyEvents: LivePostDto[] }> {
    const repo = this.ds.getRepository(LivePost);
    const [pinned, keyEvents] = await Promise.all([
      repo.find({ where: { articleId, pinned: true }, order: { id: "DESC" }, take: 5 }),
      repo.find({ where: { articleId, isKeyEvent: true }, order: { id: "DESC" }, take: 50 }),
    ]);
    return { pinned: pinned.map(toLivePostDto), keyEvents: keyEvents.map(toLivePostDto) };
  }

  /** Events after `lastId`, oldest first (a reconnecting stream's gap), at most RESUME_LIMIT + 1. */
  async eventsAfter(articleId: number, lastId: number): Promise<LiveEventDto[]> {
    const rows = await this.ds.getRepository(LiveEvent).find({ where: { articleId, seq: MoreThan(lastId) }, order: { seq: "ASC" }, take: RESUME_LIMIT + 1 });
    return rows.map(toEventDto);
  }

  /** The newest event id of a live blog (0 when none): where a fresh stream starts. */
  async lastEventId(articleId: number): Promise<number> {
    const row = await this.ds.getRepository(LiveEvent).findOne({ select: { seq: true }, where: { articleId }, order: { seq: "DESC" } });
    return row?.seq ?? 0;
  }
}
