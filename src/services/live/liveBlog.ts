// Live blogs (issue 26): the newsroom's posts, edits and deletions, announced to every instance's open streams (the
// content events, through Redis when configured), to the page cache (which drops exactly that live blog's page, posts
// and feed) and to partners (`live.posted`); and what a reader may read of them (the paywall of a premium live blog).
import type { ContentEvents } from "../contentEvents.js";
import type { LiveRepository } from "../../repositories/liveRepository.js";
import type { LivePostCreateInput, LivePostDto, LivePostListInput, LivePostUpdateInput } from "../../schemas/live.js";
import { presentLivePostEvent, presentLivePosts } from "../../presenters/index.js";
import type { LazyViewer } from "../../presenters/viewer.js";

/** What the live side needs to know of the article: whether it is visible, premium and live. */
export interface LiveArticleState {
  id: number;
  slug: string;
  isPremium: boolean;
  liveStatus: string | null;
}

export interface LiveArticles {
  /** A published article's live state; throws NotFoundError for any other. */
  findPublishedLiveState(id: number, anyStatus?: boolean): Promise<LiveArticleState>;
}

export class LiveBlogService {
  constructor(
    private readonly repo: LiveRepository,
    private readonly articles: LiveArticles,
    private readonly events: ContentEvents,
    private readonly siteUrl: string,
  ) {}

  async post(input: LivePostCreateInput): Promise<LivePostDto> {
    const { post, change } = await this.repo.create(input);
    await this.events.deliver(change);
    await this.announce(post);
    return post;
  }

  async update(input: LivePostUpdateInput): Promise<LivePostDto> {
    const { post, change } = await this.repo.update(input);
    await this.events.deliver(change);
    return post;
  }

  async delete(articleId: number, postId: number): Promise<void> {
    await this.events.deliver(await this.repo.delete(articleId, postId));
  }

  /** The coverage ended (the article's liveStatus went from live to ended): open streams get `end`. */
  async end(articleId: number): Promise<void> {
    await this.events.deliver(await this.repo.recordEnd(articleId));
  }

  /** A published live blog's posts, newest first, as this reader may read them (`anyStatus`: the newsroom's read of an
   *  unpublished one too). */
  async list(input: LivePostListInput, viewer: LazyViewer, anyStatus = false) {
    const article = await this.articles.findPublishedLiveState(input.id, anyStatus);
    const page = await this.repo.list(input.id, input.limit, input.before);
    return { ...page, posts: await presentLivePosts(article, page.posts, viewer) };
  }

  /**
   * The pinned posts and key events of a published live blog, as this reader may read them, and the id of its newest
   * event, read first: a page that reads this before its posts opens its stream after that id and misses nothing
   * (an event it already shows comes again and replaces itself).
   */
  async highlights(articleId: number, viewer: LazyViewer) {
    const article = await this.articles.findPublishedLiveState(articleId);
    const lastEventId = await this.repo.lastEventId(articleId);
    const { pinned, keyEvents } = await this.repo.highlights(articleId);
    return { lastEventId, pinned: await presentLivePosts(article, pinned, viewer), keyEvents: await presentLivePosts(article, keyEvents, viewer) };
  }

  /** Partners subscribed to `live.posted` hear of each new post of a published live blog (a premium one's without its body). */
  private async announce(post: LivePostDto) {
    const article = await this.articles.findPublishedLiveState(post.articleId).catch(() => null);
    if (!article) return;
    await this.events.emit({ type: "activity", event: "live.posted", data: presentLivePostEvent(article, post, this.siteUrl) });
  }
}
