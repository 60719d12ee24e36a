// A live blog's posts as an open page shows them: the server's posts first, then what its event stream brings
// (GET /api/articles/{id}/live, resumed after the event id the page was rendered at, so nothing between the render
// and the stream is missed). A reader scrolled past the top of the updates is not moved: new posts wait behind an
// "N new updates" button. Only the live blog island imports this, so the stream opens when the island hydrates.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useSearchParams } from "react-router-dom";
import type { LiveHighlights, LivePostDto } from "../../../src/schemas/live.js";
import { LIVE_PAGE_SIZE, liveBefore, livePostsInput } from "../../../src/schemas/liveConstants.js";
import { rpc } from "../../lib/rpc.js";

export interface LivePage {
  posts: LivePostDto[];
  highlights: LiveHighlights;
  /** The post id this page starts below, or null for the newest page. */
  before: number | null;
  /** Whether older posts exist ("Load earlier updates"). */
  more: boolean;
}

/** The page of a live blog's updates the address names (`?before=`): what the server prefetched for the page. */
export function useLivePage(articleId: number): LivePage | null {
  const [search] = useSearchParams();
  const before = liveBefore(search);
  const posts = rpc.live.posts.useQuery(livePostsInput(articleId, before), { retryOnMount: false });
  const highlights = rpc.live.highlights.useQuery({ id: articleId }, { retryOnMount: false });
  if (!posts.data || !highlights.data) return null;
  return { posts: posts.data.slice(0, LIVE_PAGE_SIZE), highlights: highlights.data, before, more: posts.data.length > LIVE_PAGE_SIZE };
}

export interface LiveBlogState {
  posts: LivePostDto[];
  pinned: LivePostDto[];
  keyEvents: LivePostDto[];
  /** New posts held while the reader is scrolled down. */
  waiting: number;
  showWaiting: () => void;
  ended: boolean;
}

const without = (list: LivePostDto[], id: number) => list.filter((p) => p.id !== id);
/** Newest first, one entry per post (an event replayed after the render replaces the post it repeats). */
const upsert = (list: LivePostDto[], post: LivePostDto) => [post, ...without(list, post.id)].sort((a, b) => b.id - a.id);
const replace = (list: LivePostDto[], post: LivePostDto) => list.map((p) => (p.id === post.id ? post : p));
const keepIf = (list: LivePostDto[], post: LivePostDto, keep: boolean) => (keep ? upsert(list, post) : without(list, post.id));

export function useLiveBlog(articleId: number, initial: { posts: LivePostDto[]; highlights: LiveHighlights }, live: boolean, listRef: RefObject<HTMLElement | null>): LiveBlogState {
  const [posts, setPosts] = useState(initial.posts);
  const [pinned, setPinned] = useState(initial.highlights.pinned);
  const [keyEvents, setKeyEvents] = useState(initial.highlights.keyEvents);
  const [held, setHeld] = useState<LivePostDto[]>([]);
  const [ended, setEnded] = useState(!live);
  const heldRef = useRef<LivePostDto[]>([]);
  heldRef.current = held;

  useEffect(() => {
    if (!live || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/articles/${articleId}/live?lastEventId=${initial.highlights.lastEventId}`);
    const scrolledPast = () => (listRef.current ? listRef.current.getBoundingClientRect().top < 0 : false);
    const highlight = (post: LivePostDto) => {
      setPinned((list) => keepIf(list, post, post.pinned));
      setKeyEvents((list) => keepIf(list, post, post.isKeyEvent));
    };
    source.addEventListener("post", (e) => {
      const post = JSON.parse((e as MessageEvent<string>).data) as LivePostDto;
      highlight(post);
      if (scrolledPast()) setHeld((list) => upsert(list, post));
      else setPosts((list) => upsert(list, post));
    });
    source.addEventListener("update", (e) => {
      const post = JSON.parse((e as MessageEvent<string>).data) as LivePostDto;
      highlight(post);
      setPosts((list) => replace(list, post));
      setHeld((list) => replace(list, post));
    });
    source.addEventListener("delete", (e) => {
      const { id } = JSON.parse((e as MessageEvent<string>).data) as { id: number };
      for (const set of [setPosts, setHeld, setPinned, setKeyEvents]) set((list) => without(list, id));
    });
    source.addEventListener("end", () => {
      source.close();
      setEnded(true);
    });
    // More was missed than a stream replays: the page (current in the cache) is read again.
    source.addEventListener("reload", () => window.location.reload());
    return () => source.close();
  }, [articleId, live]); // eslint-disable-line react-hooks/exhaustive-deps

  const showWaiting = useCallback(() => {
    const waiting = heldRef.current;
    setHeld([]);
    setPosts((list) => waiting.reduce(upsert, list));
    listRef.current?.scrollIntoView({ block: "start" });
  }, [listRef]);

  return { posts, pinned, keyEvents, waiting: held.length, showWaiting, ended };
}
