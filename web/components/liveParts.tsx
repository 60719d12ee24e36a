// The live blog island: the server renders the updates in full; in the browser, at idle, it opens the live blog's
// event stream and keeps the list current (web/hooks/islands/useLiveBlog.ts). Everything a live blog needs in the
// browser is in this island's chunk, so an ordinary article's page loads none of it.
import { useRef } from "react";
import { useLiveBlog, useLivePage, type LivePage } from "../hooks/islands/useLiveBlog.js";
import { LiveBlogView } from "./LiveBlog.js";

export interface LiveBlogProps {
  slug: string;
  articleId: number;
  live: boolean;
}

/** The page of updates the address names (`?before=`), as the server prefetched it. */
export function LiveBlog({ slug, articleId, live }: LiveBlogProps) {
  const page = useLivePage(articleId);
  if (!page) return null;
  return <LiveUpdates key={`${articleId}:${page.before ?? ""}`} slug={slug} articleId={articleId} live={live} page={page} />;
}

function LiveUpdates({ slug, articleId, live, page }: LiveBlogProps & { page: LivePage }) {
  const { posts, highlights, before, more } = page;
  const listRef = useRef<HTMLOListElement>(null);
  // Older pages (before=…) stand still: only the newest page follows the stream.
  const state = useLiveBlog(articleId, { posts, highlights }, live && before === null, listRef);
  return <LiveBlogView slug={slug} articleId={articleId} posts={state.posts} pinned={state.pinned} keyEvents={state.keyEvents} before={before} more={more} ended={!live || (before === null && state.ended)} waiting={state.waiting} onShowWaiting={state.showWaiting} listRef={listRef} />;
}
