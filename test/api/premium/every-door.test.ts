// Every door keeps the paywall (issue 24): a premium article's members-only part — and a premium live blog's post
// bodies — reach members and the newsroom only. The sweep is derived from the router's procedure list (as the
// authentication sweep is), so a new public procedure cannot be added without an input recipe here, and so without
// being checked; the doors that are no procedure (feeds, sitemaps, the live stream, webhook payloads, the newsletter
// digest) follow. Server-rendered pages take their data from these same procedures (createServerSideHelpers) and the
// search page from search.results. The commenter's e-mail address must leave through no door either.
import { WebhookDelivery } from "../../../src/entities/WebhookDelivery.js";
import { installFeeds } from "../../../src/ssr/feeds.js";
import { createApiKey, createArticle, createWebhook } from "../../helpers/factories.js";
import { startFakeStripe, stripeWebhookClient, type FakeStripe } from "../../helpers/fakeStripe.js";
import { bearer } from "../../helpers/partner.js";
import { listProcedures, type ProcedureInfo } from "../../helpers/procedures.js";
import { signInReader } from "../../helpers/readerSignIn.js";
import { openSse } from "../../helpers/sse.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

// Letters only, so the search index treats each as one word of its own.
const word = (prefix: string) => `${prefix}${Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 8)}x`;
const MARKER = word("gatedmarker");
const LIVE_MARKER = word("livemarker");
const FREE = word("freeword");
const COMMENTER = `${word("commenter")}@example.com`;
const BODY = `The free first paragraph names ${FREE}.\n\nThe second free paragraph.\n\n## For members\n\nThe members-only part names ${MARKER}.\n\nAnd again: ${MARKER}.`;

let stripe: FakeStripe;
let t: TestApp;
let admin: string;
let member: string;
let nonMember: string;
let partnerKey: string;
let article: { id: number; slug: string };
let authorSlug: string;

/** What a non-member sends: nothing, a free reader's session, a partner key that only reads. */
const nonMembers = () => ({ anonymous: {} as Record<string, string>, freeReader: { cookie: nonMember }, partnerKey: bearer(partnerKey) });

// ---------- the procedures ----------

/** Every procedure a caller without a staff role may call: the ones without a staff permission. */
const publicProcedures = listProcedures().filter((p) => !p.permission && p.type !== "subscription");

/** Procedures that end the caller's session: called last, so every other one is called with it. */
const SESSION_ENDING = ["account.signOut", "account.delete", "admin.logout"];

/**
 * One or more plausible inputs per public procedure (undefined: it takes none). A procedure missing here fails the
 * test: a new door is never skipped by the sweep.
 */
function recipes(): Record<string, unknown[]> {
  const none = [undefined];
  return {
    "account.signIn": [{ email: "door-sweep@example.com" }],
    "account.me": none,
    "account.signOut": none,
    "account.portal": none,
    "account.delete": none,
    "admin.status": none,
    "admin.login": [{ password: "not the password at all" }],
    "admin.logout": none,
    "articles.list": [{}, { q: FREE }, { q: MARKER }, { category: "intelligence" }, { limit: 100 }],
    "articles.cards": [{}, { q: FREE }, { q: MARKER }, { category: "intelligence" }],
    "articles.bySlug": [{ slug: article.slug }],
    "articles.byId": [{ id: article.id }],
    "articles.home": none,
    "authors.byArticle": [{ id: article.id }],
    "authors.page": [{ slug: authorSlug }],
    "comments.list": [{ articleId: article.id }],
    "comments.create": [{ articleId: article.id, authorName: "Door sweep", authorEmail: "sweep-poster@example.com", content: "A comment from the sweep." }],
    "contacts.list": none,
    "events.record": [{ type: "pageview", path: `/article/${article.slug}`, articleId: article.id }],
    "ticker.list": none,
    "stocks.defense": none,
    "live.posts": [{ id: article.id }],
    "live.highlights": [{ id: article.id }],
    "newsletter.subscribe": [{ email: "door-sweep@example.com" }],
    "newsletter.confirm": [{ token: "not-a-token" }],
    "premium.subscribe": [{ email: "door-sweep@example.com", plan: "monthly" }],
    "pages.list": none,
    "pages.get": [{ page: "about" }],
    "previews.view": [{ token: "not-a-preview-token" }],
    "push.publicKey": none,
    "push.subscribe": [{ endpoint: "http://127.0.0.1:9/push/door-sweep", keys: { p256dh: "x", auth: "y" }, topics: ["breaking"] }],
    "push.unsubscribe": [{ endpoint: "http://127.0.0.1:9/push/door-sweep" }],
    "push.click": [{ token: "not-a-token" }],
    "search.results": [{ q: FREE }, { q: MARKER }, { q: "members" }],
    "search.suggest": [{ q: "Premium" }],
    "staff.accept": [{ token: "not-an-invitation-token-at-all", name: "Sweep", password: "a long enough password" }],
    "staff.requestReset": [{ email: "door-sweep@example.com" }],
    "staff.confirmReset": [{ token: "not-a-reset-token-at-all-really", password: "a long enough password" }],
    "unsubscribe.lookup": [{ token: "not-a-token" }],
    "unsubscribe.confirm": [{ token: "not-a-token" }],
  };
}

interface Answer {
  door: string;
  status: number;
  text: string;
}

/** A procedure's REST address for this input (path parameters filled, the rest in the query), for GET procedures. */
function restUrl(p: ProcedureInfo, input: Record<string, unknown> = {}) {
  const rest = { ...input };
  const path = p.restPath!.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  return `/api${path}${query.size ? `?${query}` : ""}`;
}

/** Calls a procedure with each of its inputs over tRPC (and over REST for GET routes), as the sender of `headers`. */
async function callEveryWay(p: ProcedureInfo, inputs: unknown[], headers: Record<string, string>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const input of inputs) {
    const res =
      p.type === "query"
        ? await t.api("GET", `/api/trpc/${p.path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
        : await t.api("POST", `/api/trpc/${p.path}`, { headers, body: input });
    answers.push({ door: `trpc ${p.path} ${JSON.stringify(input)}`, status: res.status, text: res.text });
    if (p.method === "GET" && p.restPath) {
      const url = restUrl(p, input as Record<string, unknown> | undefined);
      const rest = await t.api("GET", url, { headers });
      answers.push({ door: `REST ${url}`, status: rest.status, text: rest.text });
    }
  }
  return answers;
}

/** Every public procedure, every input, as the sender of `headers` (the session-ending ones last). */
async function sweep(headers: Record<string, string>): Promise<Answer[]> {
  const table = recipes();
  const ordered = [...publicProcedures.filter((p) => !SESSION_ENDING.includes(p.path)), ...publicProcedures.filter((p) => SESSION_ENDING.includes(p.path))];
  const answers: Answer[] = [];
  for (const p of ordered) answers.push(...(await callEveryWay(p, table[p.path], headers)));
  return answers;
}

// ---------- the other doors ----------

const FEEDS = () => ["/rss.xml", "/category/intelligence/rss.xml", `/author/${authorSlug}/rss.xml`, `/live/${article.id}/rss.xml`, "/sitemap.xml", "/sitemap-pages.xml", "/sitemap-articles-1.xml", "/news-sitemap.xml"];

async function feedAnswers(headers: Record<string, string>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const url of FEEDS()) {
    const res = await t.api("GET", url, { headers });
    answers.push({ door: url, status: res.status, text: res.text });
  }
  return answers;
}

/** The live blog's stream from its first event (every post replayed), as the sender of `headers`. */
async function liveStream(headers: Record<string, string>): Promise<Answer> {
  const stream = await openSse(`${t.baseUrl}/api/articles/${article.id}/live?lastEventId=0`, headers);
  try {
    const events = await stream.waitFor(2);
    return { door: "SSE /api/articles/{id}/live", status: stream.status, text: events.map((e) => `${e.event} ${e.data}`).join("\n") };
  } finally {
    await stream.close();
  }
}

const leaks = (answers: Answer[], secret: string) => answers.filter((a) => a.text.includes(secret)).map((a) => a.door);

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ ...stripe.env, OUTBOUND_ALLOW_LOCAL: "true", TRUST_PROXY: "1", RATE_LIMIT_SIGN_IN: "1000", RATE_LIMIT_COMMENTS: "1000", RATE_LIMIT_NEWSLETTER: "1000", RATE_LIMIT_PUSH: "1000" }, (services) => [(app) => installFeeds(app, services)]);
  admin = await t.login();
  // A partner hears of every article and live post: its payloads are a door too.
  await createWebhook(t, admin, "http://127.0.0.1:9/hooks", ["article.published", "article.updated", "live.posted", "comment.created"]);
  const owner = (await t.api("GET", "/api/admin/me", { cookie: admin })).body as { slug: string | null };
  // The owner's articles give the author page and feed; the byline is theirs.
  const created = await t.api("POST", "/api/articles", { cookie: admin, body: { title: "Premium analysis of the strait", excerpt: "A summary of the strait.", content: BODY, isPremium: true, category: "intelligence", contentTier: "premium_analysis" } });
  if (created.status !== 201) throw new Error(`article not created: ${created.status} ${created.text}`);
  article = created.body;
  authorSlug = owner.slug ?? "";
  await t.api("PUT", `/api/articles/${article.id}`, { cookie: admin, body: { liveStatus: "live" } });
  for (const body of [{ body: `A members-only update naming ${LIVE_MARKER}.`, title: "Update", pinned: true, isKeyEvent: true }, { body: `Another update naming ${LIVE_MARKER}.` }]) {
    const post = await t.api("POST", `/api/articles/${article.id}/live-posts`, { cookie: admin, body });
    if (post.status !== 201 && post.status !== 200) throw new Error(`live post not created: ${post.status} ${post.text}`);
  }
  // A free article beside it, so lists and feeds have more than the premium one.
  await createArticle(t.services, { title: "Free report", category: "intelligence" });
  await t.services.commentService.post({ articleId: article.id, authorName: "Commenter", authorEmail: COMMENTER, content: `A reader's comment on ${FREE}.` });
  const memberEmail = `member-${Date.now().toString(36)}@example.com`;
  member = await signInReader(t, memberEmail, { "x-forwarded-for": "198.51.100.21" });
  await stripeWebhookClient(t).subscribe(memberEmail, "annual");
  nonMember = await signInReader(t, `free-${Date.now().toString(36)}@example.com`, { "x-forwarded-for": "198.51.100.22" });
  partnerKey = (await createApiKey(t, admin, ["content:read"])).key;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

test("every public procedure has an input recipe (a new door cannot skip this sweep), and the sweep covers the reading doors", () => {
  const table = recipes();
  const missing = publicProcedures.map((p) => p.path).filter((path) => !(path in table));
  expect(missing).toEqual([]);
  for (const path of ["articles.list", "articles.cards", "articles.bySlug", "articles.byId", "articles.home", "search.results", "live.posts", "live.highlights", "comments.list", "authors.page", "previews.view"]) {
    expect([path, publicProcedures.some((p) => p.path === path)]).toEqual([path, true]);
  }
});

test("members and the newsroom read the members-only part through the article procedures (so the sweep below can fail)", async () => {
  for (const [who, headers] of Object.entries({ member: { cookie: member }, admin: { cookie: admin } })) {
    const answers = [
      ...(await callEveryWay(publicProcedures.find((p) => p.path === "articles.bySlug")!, [{ slug: article.slug }], headers)),
      ...(await callEveryWay(publicProcedures.find((p) => p.path === "live.posts")!, [{ id: article.id }], headers)),
    ];
    expect([who, answers.every((a) => a.status === 200)]).toEqual([who, true]);
    expect([who, leaks(answers, MARKER).length > 0, leaks(answers, LIVE_MARKER).length > 0]).toEqual([who, true, true]);
    const stream = await liveStream(headers);
    expect([who, stream.status, stream.text.includes(LIVE_MARKER)]).toEqual([who, 200, true]);
    const search = await t.api("GET", `/api/search?q=${MARKER}`, { headers });
    expect([who, search.body.items.map((i: { id: number }) => i.id)]).toEqual([who, [article.id]]);
  }
});

test("no public procedure answers a non-member with the members-only part, a premium live post's body or a commenter's address", async () => {
  for (const [who, headers] of Object.entries(nonMembers())) {
    const answers = await sweep(headers);
    // The sweep read the article: its free part came back through the reading doors.
    const reading = answers.filter((a) => /articles\.(list|bySlug|byId)|search\.results/.test(a.door) && a.text.includes(FREE));
    expect([who, reading.length > 0]).toEqual([who, true]);
    for (const door of ["articles.bySlug", "articles.byId", "live.posts", "live.highlights", "comments.list", "authors.page", "articles.home"]) {
      expect([who, door, answers.filter((a) => a.door.startsWith(`trpc ${door} `)).map((a) => a.status)]).toEqual([who, door, [200]]);
    }
    expect([who, "members-only part", leaks(answers, MARKER)]).toEqual([who, "members-only part", []]);
    expect([who, "live post bodies", leaks(answers, LIVE_MARKER)]).toEqual([who, "live post bodies", []]);
    expect([who, "commenter's address", leaks(answers, COMMENTER)]).toEqual([who, "commenter's address", []]);
  }
  // The free reader ended their session last (account.delete): sign in again for the tests that follow.
  nonMember = await signInReader(t, `free-again-${Date.now().toString(36)}@example.com`, { "x-forwarded-for": "198.51.100.23" });
});

test("feeds and sitemaps, the live stream, webhook payloads and the newsletter digest carry no members-only text", async () => {
  for (const [who, headers] of Object.entries(nonMembers())) {
    const answers = [...(await feedAnswers(headers)), await liveStream(headers)];
    expect([who, answers.map((a) => [a.door, a.status])]).toEqual([who, [...FEEDS().map((url) => [url, 200]), ["SSE /api/articles/{id}/live", 200]]]);
    // The feeds carry the article, and the stream its posts: the free part is there, the gated part is not.
    expect([who, answers.find((a) => a.door === "/rss.xml")!.text.includes(FREE)]).toEqual([who, true]);
    expect([who, /"gated":true/.test(answers.at(-1)!.text)]).toEqual([who, true]);
    expect([who, leaks(answers, MARKER), leaks(answers, LIVE_MARKER), leaks(answers, COMMENTER)]).toEqual([who, [], [], []]);
  }
  const payloads = (await t.ds.getRepository(WebhookDelivery).find()).map((d) => ({ door: `webhook ${d.type}`, status: 200, text: d.payload }));
  expect(new Set(payloads.map((p) => p.door))).toEqual(new Set(["webhook article.published", "webhook article.updated", "webhook live.posted", "webhook comment.created"]));
  expect([leaks(payloads, MARKER), leaks(payloads, LIVE_MARKER), leaks(payloads, COMMENTER)]).toEqual([[], [], []]);
  const digest = await t.api("GET", "/api/admin/newsletter/preview", { cookie: admin });
  expect(digest.status).toBe(200);
  expect(digest.body.html).toContain("Premium analysis of the strait");
  expect([digest.text.includes(MARKER), digest.text.includes(LIVE_MARKER), digest.text.includes(COMMENTER)]).toEqual([false, false, false]);
});
