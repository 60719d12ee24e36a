import { type DataSource, type SelectQueryBuilder } from "typeorm";
import { Article } from "../entities/Article.js";
import { ConflictError, NotFoundError, ValidationError, isUniqueViolation } from "../lib/errors.js";
import { renderArticleHtml } from "../lib/markdown.js";
import { keepPaywallViews, keepSavedPaywallViews, paywallViewsToStore } from "./paywallViewsRepository.js";
import { createTransactionRunner, managerOf, type TransactionRunner, type Tx } from "./transaction.js";
import { articleState, type ArticleState, type ContentEvents, type StoredChange } from "../services/contentEvents.js";
import { slugWithTimeSuffix, slugify } from "../schemas/slug.js";
import { PublishedCountCache, countArticles, countPublished, decodeCursor, encodeCursor } from "./articleListing.js";
import { searchArticleIds } from "./articleSearch.js";
import { splitPreview } from "../lib/premiumPreview.js";
import { iso, toDbDate } from "../lib/time.js";
import { publicationWindow } from "../lib/publicationWindow.js";
import { articleFieldValues } from "./articleFields.js";
import { ARTICLE_VALUE_ORDER } from "../schemas/articleFields.js";
import type { ArticleCard, ArticleCreateInput, ArticleDto, ArticleListInput, ArticleUpdateInput, HomePage } from "../schemas/article.js";
import { CATEGORIES, EDITABLE_ARTICLE_FIELDS, EXCERPT_FALLBACK_LENGTH, type ArticleStatus, type EditableArticleField } from "../schemas/constants.js";
import type { RevisionKind } from "../schemas/revision.js";
import type { ImportedArticleFields } from "../services/wordpress/plan.js";
import { LIVE_COLUMNS, liveValues, setLiveStatus } from "./articleLive.js";

/** Stores each save of an article as a revision (src/repositories/revisionRepository.ts). */
export interface RevisionRecorder {
  record(article: Article, kind: RevisionKind, restoredFrom?: number | null, manager?: Tx): Promise<void>;
}

/** Columns of a card: everything but the body (also read by searchReads.ts). */
export const CARD_COLUMNS = ["id", ...ARTICLE_VALUE_ORDER.filter((f) => f !== "content"), "authorId", ...LIVE_COLUMNS, "createdAt", "updatedAt"].map((c) => `a.${c}`);

export function toArticleCard(a: Article): ArticleCard {
  const { content: _body, ...fields } = articleFieldValues(a);
  return { id: a.id, ...fields, ...liveValues(a), createdAt: iso(a.createdAt)!, updatedAt: iso(a.updatedAt)! };
}

export function toArticleDto(a: Article): ArticleDto {
  return { ...toArticleCard(a), content: a.content, contentHtml: a.contentHtml, headings: JSON.parse(a.headings || "[]") };
}

/** The excerpt of an article saved without one: the start of what every reader may read of its body. */
const excerptFrom = (content: string, isPremium: boolean) => (isPremium ? splitPreview(content).preview : content).slice(0, EXCERPT_FALLBACK_LENGTH) + "...";

/** What a create stores for a field it was not sent (null: the field's own default, as an update's null asks). */
const CREATE_DEFAULTS = {
  excerpt: null,
  author: null,
  category: "analysis",
  contentTier: "news_brief",
  imageUrl: null,
  imageAlt: null,
  isBreaking: false,
  isPremium: false,
  status: "published",
  publishedAt: null,
} satisfies Partial<ArticleCreateInput>;

export class ArticleRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly staffByline: string,
    /** Every create, update and delete is announced here (the page cache drops what it affects). */
    private readonly events: ContentEvents,
    /** Runs after every successful save (the SEO audit is stored this way). */
    private readonly afterSave: (article: Article) => Promise<void> = async () => undefined,
    private readonly revisions?: RevisionRecorder,
    private readonly transaction: TransactionRunner = createTransactionRunner(ds),
  ) {
    this.counts = new PublishedCountCache(ds);
    // Every article change, here or on another instance (through Redis), may change a total.
    events.on((change) => (change.type === "article" ? this.counts.clear() : undefined));
  }

  /** Called when a live blog's coverage ends (its open streams are told). */
  onLiveEnded: (articleId: number) => Promise<void> = async () => undefined;

  /** A published article's live state (the live blog's doors); NotFoundError for any other. `anyStatus`: the editor's
   *  read of a draft or scheduled one too. */
  async findPublishedLiveState(id: number, anyStatus = false): Promise<{ id: number; slug: string; isPremium: boolean; liveStatus: string | null }> {
    const qb = this.repo.createQueryBuilder("a").select(["a.id", "a.slug", "a.isPremium", "a.liveStatus"]);
    const article = await (anyStatus ? qb.where("a.id = :id", { id }) : this.published(qb).andWhere("a.id = :id", { id })).getOne();
    if (!article) throw new NotFoundError("Article not found");
    return { id: article.id, slug: article.slug, isPremium: Boolean(article.isPremium), liveStatus: article.liveStatus };
  }

  /** Totals of the public lists, dropped on every article change. */
  private readonly counts: PublishedCountCache;

  private get repo() {
    return this.ds.getRepository(Article);
  }

  /** Published articles whose publication time has come (drafts, archived and scheduled stay hidden). */
  private published(qb: SelectQueryBuilder<Article>, now = new Date()) {
    return qb.where("a.status = :published", { published: "published" }).andWhere("a.publishedAt <= :now", { now: toDbDate(now) });
  }

  /**
   * Published articles matching the list filters, paged: newest first, or best first for a search.
   * `limit + 1` rows are read so the cursor of a next page is only given when there is one. A search looks in the
   * members-only part of premium articles only when `gated` (the reader reads them in full).
   */
  private async publishedPage(input: ArticleListInput, gated: boolean, timeZone: string, columns?: string[]): Promise<{ rows: Article[]; total: number; nextCursor: string | null }> {
    const now = new Date();
    const breaking = input.breaking === undefined ? undefined : input.breaking === "true";
    const { after: publishedFrom, before: publishedTo } = publicationWindow(input, timeZone, now);
    if (input.q !== undefined) {
      if (input.cursor !== undefined) throw new ValidationError("A search is paged with offset, not cursor", [{ path: "cursor", message: "Not available with q" }]);
      if (input.updatedSince !== undefined) throw new ValidationError("updatedSince does not combine with a search", [{ path: "updatedSince", message: "Not available with q" }]);
      const ids = await searchArticleIds(this.ds, input.q, { category: input.category, breaking, now, gated, after: publishedFrom, before: publishedTo, sort: input.sort });
      const pageIds = ids.slice(input.offset, input.offset + input.limit);
      if (!pageIds.length) return { rows: [], total: ids.length, nextCursor: null };
      // The ids are published ones already; filtering again would let the planner walk the status index instead of the ids.
      const page = this.repo.createQueryBuilder("a").where("a.id IN (:...pageIds)", { pageIds });
      if (columns) page.select(columns);
      const found = new Map((await page.getMany()).map((a) => [a.id, a]));
      return { rows: pageIds.map((id) => found.get(id)).filter((a): a is Article => a !== undefined), total: ids.length, nextCursor: null };
    }
    const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    if (after && input.offset) throw new ValidationError("Use either cursor or offset", [{ path: "offset", message: "Not allowed with cursor" }]);
    // One upper bound on publishedAt (the earlier of now and the cursor's), so the planner keeps the list's index.
    const qb = this.published(this.repo.createQueryBuilder("a"), after && after.publishedAt < now ? after.publishedAt : now);
    if (columns) qb.select(columns);
    if (after) qb.andWhere("(a.publishedAt < :afterAt OR a.id < :afterId)", { afterAt: toDbDate(after.publishedAt), afterId: after.id });
    const filter = (q: SelectQueryBuilder<Article>) => {
      if (input.category) q.andWhere("a.category = :category", { category: input.category });
      if (breaking !== undefined) q.andWhere("a.isBreaking = :breaking", { breaking });
      // Edited, or gone live (a scheduled article is not edited when its time comes).
      if (input.updatedSince) q.andWhere("(a.updatedAt >= :since OR a.publishedAt >= :since)", { since: toDbDate(new Date(input.updatedSince)) });
      if (publishedFrom) q.andWhere("a.publishedAt >= :publishedFrom", { publishedFrom: toDbDate(publishedFrom) });
      if (publishedTo) q.andWhere("a.publishedAt <= :publishedTo", { publishedTo: toDbDate(publishedTo) });
      return q;
    };
    const countAll = () => countArticles(this.ds, filter(this.published(this.repo.createQueryBuilder("a"), now)));
    const [rows, total] = await Promise.all([
      filter(qb).orderBy("a.publishedAt", "DESC").addOrderBy("a.id", "DESC").limit(input.limit + 1).offset(input.offset).getMany(),
      input.updatedSince || publishedFrom || publishedTo
        ? countAll()
        : this.counts.get(`${input.category ?? ""}|${input.breaking ?? ""}`, now, () => countPublished(this.ds, { category: input.category || undefined, breaking }, now, countAll)),
    ]);
    const more = rows.length > input.limit;
    if (more) rows.pop();
    const last = rows.at(-1);
    return { rows, total, nextCursor: more && last?.publishedAt ? encodeCursor(last.publishedAt, last.id) : null };
  }

  private isUnknownCategory(input: ArticleListInput) {
    return input.category !== undefined && !(CATEGORIES as readonly string[]).includes(input.category);
  }

  /** Full articles (with bodies), as the public REST list answers them; `gated`: the reader reads premium articles in full. */
  async listPublished(input: ArticleListInput, gated = false, timeZone = "UTC") {
    if (this.isUnknownCategory(input)) return { items: [], total: 0, nextCursor: null };
    const { rows, total, nextCursor } = await this.publishedPage(input, gated, timeZone);
    return { items: rows.map(toArticleDto), total, nextCursor };
  }

  /** The same list as cards without bodies, for pages that show only cards. */
  async listPublishedCards(input: ArticleListInput, gated = false, timeZone = "UTC") {
    if (this.isUnknownCategory(input)) return { items: [], total: 0, nextCursor: null };
    const { rows, total, nextCursor } = await this.publishedPage(input, gated, timeZone, CARD_COLUMNS);
    return { items: rows.map(toArticleCard), total, nextCursor };
  }

  async findPublishedBySlug(slug: string): Promise<ArticleDto> {
    const article = await this.published(this.repo.createQueryBuilder("a")).andWhere("a.slug = :slug", { slug }).getOne();
    if (!article) throw new NotFoundError("Article not found");
    return toArticleDto(article);
  }

  async findPublishedById(id: number): Promise<ArticleDto> {
    const article = await this.published(this.repo.createQueryBuilder("a")).andWhere("a.id = :id", { id }).getOne();
    if (!article) throw new NotFoundError("Article not found");
    return toArticleDto(article);
  }

  /** Any status, for the newsroom: with the review state (submitted, or sent back with a note). */
  async findAnyById(id: number): Promise<ArticleDto> {
    const article = await this.repo.findOneBy({ id });
    if (!article) throw new NotFoundError("Article not found");
    return { ...toArticleDto(article), authorId: article.authorId, submittedAt: iso(article.submittedAt), reviewNote: article.reviewNote };
  }

  /** One author's published articles as cards, newest first, paged (their author page and feed). */
  async listPublishedByAuthor(authorId: number, limit: number, offset: number): Promise<{ items: ArticleCard[]; total: number }> {
    const [rows, total] = await this.published(this.repo.createQueryBuilder("a").select(CARD_COLUMNS))
      .andWhere("a.authorId = :authorId", { authorId })
      .orderBy("a.publishedAt", "DESC")
      .addOrderBy("a.id", "DESC")
      .take(limit)
      .skip(offset)
      .getManyAndCount();
    return { items: rows.map(toArticleCard), total };
  }

  /** One author's newest published articles with their bodies (their RSS feed). */
  async feedOfAuthor(authorId: number, limit: number): Promise<ArticleDto[]> {
    const rows = await this.published(this.repo.createQueryBuilder("a")).andWhere("a.authorId = :authorId", { authorId }).orderBy("a.publishedAt", "DESC").addOrderBy("a.id", "DESC").take(limit).getMany();
    return rows.map(toArticleDto);
  }

  /** Who owns an article and where it stands, for the role checks (src/services/staff/articleAccess.ts). */
  async ownership(id: number): Promise<{ id: number; authorId: number | null; status: ArticleStatus }> {
    const article = await this.repo.findOne({ select: { id: true, authorId: true, status: true }, where: { id } });
    if (!article) throw new NotFoundError("Article not found");
    return { id: article.id, authorId: article.authorId, status: article.status as ArticleStatus };
  }

  /** What the home page shows: the newest breaking article, 7 more, and 3 non-breaking cards per category. */
  async homePage(): Promise<HomePage> {
    const cards = () => this.published(this.repo.createQueryBuilder("a").select(CARD_COLUMNS));
    const breaking = await cards()
      .andWhere("a.isBreaking = :b", { b: true })
      .orderBy("a.publishedAt", "DESC")
      .addOrderBy("a.id", "DESC")
      .take(8)
      .getMany();
    const sections = await Promise.all(
      CATEGORIES.map(async (category) => ({
        category,
        articles: (
          await cards()
            // Unary + keeps SQLite on the category index: the breaking index would walk every recent
            // article to find 3 of a quiet category.
            .andWhere("+a.isBreaking = :b", { b: false })
            .andWhere("a.category = :category", { category })
            .orderBy("a.publishedAt", "DESC")
            .addOrderBy("a.id", "DESC")
            .take(3)
            .getMany()
        ).map(toArticleCard),
      })),
    );
    return {
      featured: breaking[0] ? toArticleCard(breaking[0]) : null,
      latest: breaking.slice(1).map(toArticleCard),
      sections: sections.filter((s) => s.articles.length > 0),
    };
  }

  /** Every article for the administrator, newest first by publishedAt or createdAt. */
  async listForAdmin(input: { page: number; pageSize: number; status?: ArticleStatus | "scheduled"; authorId?: number }) {
    const qb = this.repo.createQueryBuilder("a").select(CARD_COLUMNS).where("1 = 1");
    const now = toDbDate(new Date());
    if (input.status === "scheduled") qb.andWhere("a.status = 'published' AND a.publishedAt > :now", { now });
    else if (input.status) qb.andWhere("a.status = :status", { status: input.status });
    if (input.authorId !== undefined) qb.andWhere("a.authorId = :authorId", { authorId: input.authorId });
    const [items, total] = await qb
      .orderBy("COALESCE(a.publishedAt, a.createdAt)", "DESC")
      .addOrderBy("a.id", "DESC")
      .take(input.pageSize)
      .skip((input.page - 1) * input.pageSize)
      .getManyAndCount();
    return { items: items.map(toArticleCard), total };
  }

  /** A new article; `owner` (the staff member creating it) owns it, and the byline defaults to their name. */
  async create(input: ArticleCreateInput, owner?: { id: number; name: string }): Promise<ArticleDto> {
    const article = this.repo.create({ slug: slugWithTimeSuffix(input.title), authorId: owner?.id ?? null });
    const sent = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    await this.setFields(article, { ...CREATE_DEFAULTS, ...(owner?.name ? { author: owner.name } : {}), ...sent });
    return toArticleDto(await this.save(article, null, "create"));
  }

  /** Replaces the fields sent and leaves omitted ones as they are; a PUT without status never publishes a draft. */
  async update(input: ArticleUpdateInput, restoredFrom?: number): Promise<ArticleDto> {
    const article = await this.repo.findOneBy({ id: input.id });
    if (!article) throw new NotFoundError("Article not found");
    const before = articleState(article);
    const statusBefore = article.status;
    const liveBefore = article.liveStatus;
    await this.setFields(article, input);
    // Published or archived: no longer waiting for an editor.
    if (article.status !== "draft") Object.assign(article, { submittedAt: null, submittedById: null, reviewNote: null });
    if (input.liveStatus !== undefined) setLiveStatus(article, input.liveStatus);
    const kind = restoredFrom !== undefined ? "restore" : article.status !== statusBefore ? "status" : "edit";
    const saved = await this.save(article, before, kind, restoredFrom);
    if (liveBefore === "live" && saved.liveStatus === "ended") await this.onLiveEnded(saved.id);
    return toArticleDto(saved);
  }

  /** Sets each field the input sends (EDITABLE_ARTICLE_FIELDS), then what follows from them. */
  private async setFields(article: Article, input: Partial<ArticleCreateInput>): Promise<void> {
    const contentBefore = article.content as string | undefined;
    for (const field of EDITABLE_ARTICLE_FIELDS) {
      const value = input[field];
      if (value !== undefined) (article as Record<EditableArticleField, unknown>)[field] = this.stored(field, value);
    }
    if (article.content !== contentBefore) Object.assign(article, await renderArticleHtml(article.content));
    if (input.excerpt === null) article.excerpt = excerptFrom(article.content, article.isPremium);
    // An explicit time wins; a published article always gets one (null would hide it for good).
    if (article.status === "published" && !article.publishedAt) article.publishedAt = new Date();
  }

  /** How a field is stored where that is not as sent: null asks for the field's default. */
  private stored(field: EditableArticleField, value: unknown): unknown {
    switch (field) {
      case "slug":
        return this.normaliseSlug(value as string);
      case "author":
        return value ?? this.staffByline;
      case "publishedAt":
        return toDate(value as string | null);
      default:
        return value;
    }
  }

  async delete(id: number): Promise<void> {
    const article = await this.repo.findOne({ select: { id: true, slug: true, category: true, isBreaking: true, status: true, publishedAt: true }, where: { id } });
    if (!article) throw new NotFoundError("Article not found");
    const result = await this.repo.delete({ id });
    if (!result.affected) throw new NotFoundError("Article not found");
    await this.events.emit({ type: "article", before: articleState(article), after: null });
  }

  async countByStatus() {
    const rows: { status: string; n: string | number }[] = await this.repo
      .createQueryBuilder("a")
      .select("a.status", "status")
      .addSelect("COUNT(*)", "n")
      .groupBy("a.status")
      .getRawMany();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<ArticleStatus, number>>;
  }

  /**
   * An imported article, written in the caller's transaction: the body rendered, the slug made unique with -2,
   * -3… when another article has it. Announced with `announceSaved` once the transaction has committed.
   */
  async saveImported(tx: Tx, id: number | null, fields: ImportedArticleFields): Promise<{ article: Article; before: ArticleState | null }> {
    const repo = managerOf(this.ds, tx).getRepository(Article);
    const existing = id === null ? null : await repo.findOneBy({ id });
    const before = existing ? articleState(existing) : null;
    const article = existing ?? repo.create({ contentTier: "news_brief", isPremium: false });
    const { createdAt, ...rest } = fields;
    Object.assign(article, rest, await renderArticleHtml(fields.content), { slug: await this.uniqueSlug(tx, fields.slug, existing?.id ?? null) });
    if (!existing && createdAt) article.createdAt = createdAt;
    if (article.status === "published" && !article.publishedAt) article.publishedAt = new Date();
    return { article: await keepSavedPaywallViews(managerOf(this.ds, tx), await repo.save(article)), before };
  }

  /** After the transaction of `saveImported` committed: caches and webhooks hear of each article, its SEO audit and a revision are stored. */
  async announceSaved(saves: { article: Article; before: ArticleState | null }[]): Promise<void> {
    for (const { article, before } of saves) {
      await this.events.emit({ type: "article", before, after: articleState(article) });
      await this.afterSave(article);
      await this.revisions?.record(article, before ? "edit" : "create");
    }
  }

  /** Which of these ids are articles (an imported one may have been deleted since). */
  async existingIds(tx: Tx, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await managerOf(this.ds, tx).getRepository(Article).createQueryBuilder("a").select("a.id", "id").where("a.id IN (:...ids)", { ids }).getRawMany<{ id: number }>();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** `slug`, or `slug-2`, `slug-3`… : the first that no other article has. */
  private async uniqueSlug(tx: Tx, slug: string, selfId: number | null): Promise<string> {
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? slug : `${slug.slice(0, 199 - String(n).length).replace(/-$/, "")}-${n}`;
      const other = await managerOf(this.ds, tx).getRepository(Article).findOne({ select: { id: true }, where: { slug: candidate } });
      if (!other || other.id === selfId) return candidate;
    }
    throw new ConflictError(`Too many articles share the slug "${slug}"`);
  }

  private normaliseSlug(slug: string): string {
    const normalised = slugify(slug).slice(0, 200);
    if (!normalised) throw new ValidationError("Slug must contain at least one letter or digit", [{ path: "slug", message: "Invalid slug" }]);
    return normalised;
  }

  /**
   * The save command: the article, its revision and the change in the outbox in one transaction; after the commit
   * the listeners hear of it (cache, webhooks) and its SEO audit is stored (derived: repaired at start if lost).
   */
  private async save(article: Article, before: ArticleState | null, kind: RevisionKind, restoredFrom?: number): Promise<Article> {
    if (article.imageUrl && !article.imageAlt) throw new ValidationError("Alt text is required when an image is set", [{ path: "imageAlt", message: "Required when an image is set" }]);
    const paywallViews = await paywallViewsToStore(this.ds.manager, article);
    let done: { saved: Article; change: StoredChange };
    try {
      done = await this.transaction(async (tx) => {
        const saved = await managerOf(this.ds, tx).getRepository(Article).save(article);
        await keepPaywallViews(managerOf(this.ds, tx), saved.id, saved.content, paywallViews);
        await this.revisions?.record(saved, kind, restoredFrom, tx);
        return { saved, change: await this.events.record(tx, { type: "article", before, after: articleState(saved) }) };
      });
    } catch (error) {
      this.counts.clear();
      if (isUniqueViolation(error)) throw new ConflictError(`An article with the slug "${article.slug}" already exists`);
      throw error;
    }
    await this.events.deliver(done.change);
    await this.afterSave(done.saved);
    return done.saved;
  }
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));
