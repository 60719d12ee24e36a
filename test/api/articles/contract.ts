// What the article calls answer (shared by writes.test.ts and reads.test.ts): the fields of an article and of a
// card, the app they run on, and the administrator's create through REST.
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

export const SITE_NAME = "Test Gazette";

/** The app both files run on, with the administrator's session. */
export async function startArticleApp() {
  const t = await createTestApp({ SITE_NAME, RATE_LIMIT_COMMENTS: "1000" });
  return { t, cookie: await t.login() };
}

export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

export const ARTICLE_KEYS = [
  "author", "category", "content", "contentHtml", "contentTier", "createdAt", "excerpt", "headings", "id", "imageAlt", "imageUrl",
  "isBreaking", "isPremium", "publishedAt", "slug", "status", "title", "updatedAt",
  // Issue 26: every article says whether it is a live blog (null for an ordinary one) and its coverage times.
  "liveStatus", "liveStartedAt", "liveEndedAt",
].sort();
export const CARD_KEYS = ARTICLE_KEYS.filter((k) => !["content", "contentHtml", "headings"].includes(k));

/** POST /api/articles as the administrator; throws unless it answered 200. */
export async function createThroughRest(t: TestApp, cookie: string, body: Record<string, unknown>) {
  const res = await t.api("POST", "/api/articles", { body, cookie });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}
