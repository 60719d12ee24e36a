// Search keeps the paywall: a premium article's members-only part is found by members and the administrator only.
// Everyone else (anonymous readers, signed-in non-members, partner keys, forged cookies) searches titles, excerpts
// and free previews, through every door (REST list and cards, tRPC), by word, by prefix and by substring.
import { createArticle, createApiKey } from "../../helpers/factories.js";
import { startFakeStripe, stripeWebhookClient, type FakeStripe } from "../../helpers/fakeStripe.js";
import { bearer } from "../../helpers/partner.js";
import { signInReader } from "../../helpers/readerSignIn.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

// Letters only, so each run's words are its own whatever the tokeniser.
const word = () => `q${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;
const FREE = word();
const GATED = word();
// A symbol and a two-letter word: searched by substring (SQLite and InnoDB), not through the index.
const SYMBOL = "⚓⚓";
const SHORT = "z9"; // generated words are letters only
const BODY = `The free first paragraph names ${FREE}.\n\nThe second free paragraph.\n\n## For members\n\nThe gated part names ${GATED}, ${SYMBOL} and ${SHORT}.`;

let stripe: FakeStripe;
let t: TestApp;
let admin: string;
let premium: { id: number; slug: string };
let member: string;
let free: string;
let partnerKey: string;
let writerKey: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ ...stripe.env, TRUST_PROXY: "1", RATE_LIMIT_SIGN_IN: "1000" });
  admin = await t.login();
  premium = await createArticle(t.services, { title: "Premium search analysis", excerpt: "A summary.", content: BODY, isPremium: true, category: "intelligence" });
  const email = `searcher-${Date.now().toString(36)}@example.com`;
  member = await signInReader(t, email, { "x-forwarded-for": "198.51.100.7" });
  await stripeWebhookClient(t).subscribe(email, "annual");
  free = await signInReader(t, `free-${Date.now().toString(36)}@example.com`, { "x-forwarded-for": "198.51.100.8" });
  partnerKey = (await createApiKey(t, admin, ["content:read"])).key;
  writerKey = (await createApiKey(t, admin, ["articles:write"])).key;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** The ids each door answers for `q`, as the reader of `headers` gets them. */
async function found(q: string, headers: Record<string, string> = {}) {
  const input = encodeURIComponent(JSON.stringify({ q, limit: 20, offset: 0 }));
  const ids = async (url: string) => {
    const res = await t.api("GET", url, { headers });
    expect([url, res.status]).toEqual([url, 200]);
    const items = (res.body.result?.data ?? res.body) as { id: number }[];
    return items.map((a) => a.id).includes(premium.id);
  };
  return {
    list: await ids(`/api/articles?q=${encodeURIComponent(q)}`),
    cards: await ids(`/api/article-cards?q=${encodeURIComponent(q)}`),
    trpcList: await ids(`/api/trpc/articles.list?input=${input}`),
    trpcCards: await ids(`/api/trpc/articles.cards?input=${input}`),
  };
}
const onEveryDoor = (value: boolean) => ({ list: value, cards: value, trpcList: value, trpcCards: value });
const queries = [GATED, GATED.slice(0, 6), `${FREE} ${GATED}`, `"gated part names ${GATED}"`, SYMBOL, SHORT];

test("a non-member's search never finds words of the members-only part: whole, by prefix, in a phrase or by substring", async () => {
  const nonMembers = { anonymous: {}, signedInFree: { cookie: free }, forgedCookie: { cookie: "reader_session=forged; admin_session=forged" }, partnerKey: bearer(partnerKey) };
  for (const [who, headers] of Object.entries(nonMembers)) {
    for (const q of queries) expect([who, q, await found(q, headers)]).toEqual([who, q, onEveryDoor(false)]);
    // What they may read is found: the free preview, the title, the excerpt.
    for (const q of [FREE, FREE.slice(0, 6), "Premium search", "summary"]) expect([who, q, await found(q, headers)]).toEqual([who, q, onEveryDoor(true)]);
  }
});

test("members, the administrator and a key that writes articles search everything, and their answers are private", async () => {
  for (const [who, headers] of Object.entries({ member: { cookie: member }, admin: { cookie: admin }, writerKey: bearer(writerKey) })) {
    for (const q of [...queries, FREE]) expect([who, q, await found(q, headers)]).toEqual([who, q, onEveryDoor(true)]);
    const res = await t.api("GET", `/api/articles?q=${GATED}`, { headers });
    expect(res.headers.get("cache-control")).toContain("private");
    expect(res.text).toContain(GATED);
  }
  // A member's search did not land in the shared cache.
  expect(await found(GATED)).toEqual(onEveryDoor(false));
});

test("the index follows the paywall: an article made free is found by its whole body, made premium again by its preview only", async () => {
  const put = (body: Record<string, unknown>) => t.api("PUT", `/api/articles/${premium.id}`, { cookie: admin, body });
  try {
    expect((await put({ isPremium: false })).status).toBe(200);
    expect(await found(GATED)).toEqual(onEveryDoor(true));
    expect(await found(SYMBOL)).toEqual(onEveryDoor(true));
    expect((await put({ isPremium: true })).status).toBe(200);
    expect(await found(GATED)).toEqual(onEveryDoor(false));
    // An edit of the members-only part is searched as such; the free part as free.
    const edited = word();
    expect((await put({ content: BODY.replace("The second free paragraph.", `The second free paragraph.\n\nA new gated paragraph: ${edited}.`) })).status).toBe(200);
    expect(await found(edited)).toEqual(onEveryDoor(false));
    expect(await found(edited, { cookie: member })).toEqual(onEveryDoor(true));
    expect(await found(FREE)).toEqual(onEveryDoor(true));
  } finally {
    await put({ isPremium: true, content: BODY });
  }
});

test("a premium article saved without an excerpt gets one from its free preview, never from the members-only part", async () => {
  const short = await createArticle(t.services, { title: "Short premium", content: `One ${FREE}.\n\nTwo.\n\nGated ${GATED}.`, isPremium: true });
  const res = await t.api("GET", `/api/articles/${short.id}`);
  expect(res.body.excerpt).toBe(`One ${FREE}.\n\nTwo....`);
  expect(res.text).not.toContain(GATED);
});
