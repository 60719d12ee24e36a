// The live blog island: the server renders the updates in full; in the browser, at idle, it opens the live blog's
// event stream and keeps the list current (src: web/hooks/islands/useLiveBlog.ts).
import { useRef } from "react";
import type { LiveHighlights, LivePostDto } from "../../src/schemas/live.js";
import { useLiveBlog } from "../hooks/islands/useLiveBlog.js";
import { LiveBlogView } from "./LiveBlog.js";

export interface LiveBlogProps {
  slug: string;
  articleId: number;
  live: boolean;
  posts: LivePostDto[];
  highlights: LiveHighlights;
  before: number | null;
  more: boolean;
}

export function LiveBlog({ slug, articleId, live, posts, highlights, before, more }: LiveBlogProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // Older pages (before=…) stand still: only the newest page follows the stream.
  const state = useLiveBlog(articleId, { posts, highlights }, live && before === null, listRef);
  return <LiveBlogView slug={slug} articleId={articleId} posts={state.posts} pinned={state.pinned} keyEvents={state.keyEvents} before={before} more={more} ended={!live || (before === null && state.ended)} waiting={state.waiting} onShowWaiting={state.showWaiting} listRef={listRef} />;
}
