// A live blog's posts as their viewer receives them — through the REST and tRPC lists, the event stream, the live
// blog's feed and partners' `live.posted` payloads: a premium live blog's bodies go to members and the newsroom only.
import type { LivePostDto } from "../schemas/live.js";
import { readsPremium, type LazyViewer, type Viewer } from "./viewer.js";

/** A premium live blog's post as a reader who is not a member receives it: everything but the body. */
export const gatedPost = <T extends { body: string; bodyHtml: string }>(post: T): T & { gated: true } => ({ ...post, body: "", bodyHtml: "", gated: true });

/** Whether this viewer reads the post bodies of this live blog. */
export const readsLiveBodies = (article: { isPremium: boolean }, viewer: Viewer) => !article.isPremium || readsPremium(viewer);

/** One post, for a viewer who reads the bodies or not (readsLiveBodies, decided once per stream). */
export const presentLivePost = <T extends { body: string; bodyHtml: string }>(post: T, bodies: boolean): T => (bodies ? post : gatedPost(post));

/** The same, with the viewer looked up only for a premium live blog (knowing it may cost a session lookup). */
export const showsLiveBodies = async (article: { isPremium: boolean }, viewer: LazyViewer) => !article.isPremium || readsLiveBodies(article, await viewer());

/** Posts of a live blog as this viewer may read them. */
export async function presentLivePosts(article: { isPremium: boolean }, posts: LivePostDto[], viewer: LazyViewer): Promise<LivePostDto[]> {
  if (!posts.length) return posts;
  const bodies = await showsLiveBodies(article, viewer);
  return posts.map((post) => presentLivePost(post, bodies));
}
