// A live blog's updates as the article page shows them: key events as links, pinned posts, the posts newest first
// (the first page server-rendered; older ones by a plain "Load earlier updates" link), and, while it runs, the
// "N new updates" button for a reader scrolled down. Presentational: the island (liveParts.tsx) brings the state.
import { type RefObject } from "react";
import type { LivePostDto } from "../../src/schemas/live.js";
import { formatCommentTime } from "../lib/format.js";
import { useSite } from "../lib/site.js";
import { HtmlBody } from "./HtmlBody.js";

export interface LiveBlogViewProps {
  slug: string;
  articleId: number;
  posts: LivePostDto[];
  pinned: LivePostDto[];
  keyEvents: LivePostDto[];
  /** The post id older posts start below, or null when this page shows the newest. */
  before: number | null;
  /** Whether older posts exist (the "Load earlier updates" link). */
  more: boolean;
  ended: boolean;
  waiting: number;
  onShowWaiting?: () => void;
  listRef?: RefObject<HTMLOListElement | null>;
}

const postLabel = (p: LivePostDto) => p.title ?? (p.gated ? "Members-only update" : p.body.replace(/[#*_>`[\]()]/g, "").replace(/\s+/g, " ").trim().slice(0, 80));

function LivePost({ post, pinned = false }: { post: LivePostDto; pinned?: boolean }) {
  const { timeZone } = useSite();
  return (
    <article className={`live-post${post.isKeyEvent ? " live-post-key" : ""}`} id={pinned ? undefined : `post-${post.id}`} aria-labelledby={post.title ? `post-${post.id}-title${pinned ? "-pinned" : ""}` : undefined}>
      <header className="live-post-meta">
        <time dateTime={post.createdAt}>{formatCommentTime(post.createdAt, timeZone)}</time>
        {post.isKeyEvent && <span className="badge badge-key">Key event</span>}
        {pinned && <span className="badge badge-pinned">Pinned</span>}
        {post.updatedAt !== post.createdAt && <span className="live-post-edited">Updated</span>}
      </header>
      {post.title && (
        <h3 className="live-post-title" id={`post-${post.id}-title${pinned ? "-pinned" : ""}`}>
          {post.title}
        </h3>
      )}
      {post.imageUrl && <img className="live-post-image" src={post.imageUrl} alt="" loading="lazy" />}
      {post.gated ? (
        <p className="live-post-gated">
          This update is for members. <a href="/account">Subscribe or sign in</a> to read it.
        </p>
      ) : (
        <HtmlBody html={post.bodyHtml} className="live-post-body" />
      )}
    </article>
  );
}

export function LiveBlogView(props: LiveBlogViewProps) {
  const { slug, articleId, posts, pinned, keyEvents, before, more, ended, waiting } = props;
  const path = `/article/${slug}`;
  return (
    <section className="live-blog" aria-labelledby="live-updates-title">
      {keyEvents.length > 0 && (
        <nav className="live-key-events" aria-labelledby="live-key-events-title">
          <h2 id="live-key-events-title">Key events</h2>
          <ul>
            {keyEvents.map((p) => (
              <li key={p.id}>
                <a href={posts.some((shown) => shown.id === p.id) ? `#post-${p.id}` : `${path}?before=${p.id + 1}#post-${p.id}`}>{postLabel(p)}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {before === null && pinned.length > 0 && (
        <div className="live-pinned">
          {pinned.map((p) => (
            <LivePost key={p.id} post={p} pinned />
          ))}
        </div>
      )}
      <div className="live-blog-head">
        <h2 id="live-updates-title">{ended ? "Updates" : "Live updates"}</h2>
        <a className="live-feed-link" href={`/live/${articleId}/rss.xml`}>
          RSS
        </a>
      </div>
      {waiting > 0 && (
        <button type="button" className="btn btn-primary live-waiting" onClick={props.onShowWaiting}>
          {waiting === 1 ? "1 new update" : `${waiting} new updates`}
        </button>
      )}
      {before !== null && (
        <p className="live-nav">
          <a href={`${path}#live-updates-title`}>Back to the latest updates</a>
        </p>
      )}
      {posts.length === 0 ? (
        <p className="live-empty">No updates yet.</p>
      ) : (
        <ol className="live-posts" ref={props.listRef} aria-live={ended ? undefined : "polite"}>
          {posts.map((p) => (
            <li key={p.id}>
              <LivePost post={p} />
            </li>
          ))}
        </ol>
      )}
      {more && posts.length > 0 && (
        <p className="live-nav">
          <a className="btn btn-outline" href={`${path}?before=${posts[posts.length - 1].id}#live-updates-title`}>
            Load earlier updates
          </a>
        </p>
      )}
    </section>
  );
}
