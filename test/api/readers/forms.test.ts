// The reader's forms without the page's code (src/http/readerForms.ts): a plain form post runs the very procedure the
// page's code calls (validation, rate limits, the comment filter, double opt-in, Checkout) and comes to a redirect back
// to the page with the outcome named, or to the page again with the error and the reader's input. Here the answer is
// read as JSON (the page rendering needs the built app: test/e2e/reader/before-code.test.ts drives the real pages).
import fs from "node:fs";
import path from "node:path";
import { readFormBody, readerFormHandler } from "../../../src/http/readerForms.js";
import { startFakeStripe, type FakeStripe } from "../../helpers/fakeStripe.js";
import { signInLinkFromOutbox } from "../../helpers/readerSignIn.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import type { Services } from "../../../src/services/index.js";
import type { RouteInstaller } from "../../../src/app.js";

const answering = (services: Services): RouteInstaller[] => [
  (app) => {
    const handle = readerFormHandler(services);
    app.post("/{*splat}", readFormBody, async (req, res, next) => {
      try {
        const answer = await handle(req, res);
        if (!answer) return next();
        res.json(answer);
      } catch (error) {
        next(error);
      }
    });
  },
];

let t: TestApp;
let articleId: number;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_NEWSLETTER: "3", RATE_LIMIT_COMMENTS: "1000" }, answering);
  const admin = await t.caller(true);
  articleId = (await admin.articles.create({ title: "Forms without code", content: "Body.", category: "land" })).id;
});
afterAll(() => t?.close());

const outbox = () => (fs.existsSync(path.join(t.config.dataDir, "outbox")) ? fs.readdirSync(path.join(t.config.dataDir, "outbox")).map((f) => fs.readFileSync(path.join(t.config.dataDir, "outbox", f), "utf8")) : []);
const mailCount = () => outbox().length;
const mailsTo = (address: string) => outbox().filter((m) => m.includes(`To: ${address}`)).length;

/** A form post as a browser sends it from our own page. */
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}, app = t) =>
  app.api("POST", path, { body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", ...headers } });

describe("newsletter", () => {
  test("a valid address is signed up (double opt-in: a confirmation mail) and the answer names the success on the same page", async () => {
    const res = await post("/search?q=tanks&form=comment&notice=comment-posted", { form: "newsletter-footer", email: "  Early@Example.com " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redirect: "/search?q=tanks&form=newsletter-footer&notice=subscribed#form-newsletter-footer" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(mailsTo("early@example.com")).toBe(1);
  });

  test("an invalid address is the page again: its message, the input kept, a 400, nothing stored", async () => {
    const before = mailCount();
    const res = await post("/", { form: "newsletter-card", email: "not-an-address" });
    expect(res.body).toEqual({ state: { form: "newsletter-card", status: 400, values: { email: "not-an-address" }, notice: { title: "Subscription failed", description: "Enter a valid email address", error: true } } });
    expect(mailCount()).toBe(before);
  });

  test("the footer's form on a staff link page (whose own forms post to the same address) reaches the reader's handler", async () => {
    for (const page of ["/staff/reset?token=abc", "/staff/accept?token=abc"]) {
      const address = `staff-page-${page.slice(7, 12)}@example.com`;
      const res = await post(page, { form: "newsletter-footer", email: address });
      expect([page, res.status, res.body]).toEqual([page, 200, { redirect: `${page}&form=newsletter-footer&notice=subscribed#form-newsletter-footer` }]);
      expect(mailsTo(address)).toBe(1);
    }
  });

  test("the JSON API's rate limit holds for form posts too: 429 with the wait", async () => {
    let last;
    for (let i = 0; i < 4; i++) last = await post("/", { form: "newsletter-card", email: `limit${i}@example.com` });
    expect(last!.body.state).toMatchObject({ status: 429, notice: { title: "Subscription failed", description: expect.stringMatching(/^Too many attempts/) } });
  });
});

describe("comments", () => {
  test("missing fields: 'Missing information', the input kept, nothing posted", async () => {
    const res = await post(`/article/x`, { form: "comment", articleId: String(articleId), authorName: " ", authorEmail: "a@example.com", content: "Kept text" });
    expect(res.body).toEqual({ state: { form: "comment", status: 400, values: { authorName: " ", authorEmail: "a@example.com", content: "Kept text" }, notice: { title: "Missing information", description: "Please fill in all fields", error: true } } });
    expect(await (await t.caller()).comments.list({ articleId })).toEqual([]);
  });

  test("a comment is posted (the filter and the honeypot apply as for the API)", async () => {
    const ok = await post(`/article/x`, { form: "comment", articleId: String(articleId), authorName: "Jane", authorEmail: "jane@example.com", content: "A fair point." });
    expect(ok.body).toEqual({ redirect: "/article/x?form=comment&notice=comment-posted#form-comment" });
    const held = await post(`/article/x`, { form: "comment", articleId: String(articleId), authorName: "Bot", authorEmail: "bot@example.com", content: "Buy", website: "http://spam.example" });
    expect(held.body).toEqual({ redirect: "/article/x?form=comment&notice=comment-held#form-comment" });
    expect((await (await t.caller()).comments.list({ articleId })).map((c) => c.authorName)).toEqual(["Jane"]);
  });

  test("a bad address is the API's message, the input kept", async () => {
    const res = await post(`/article/x`, { form: "comment", articleId: String(articleId), authorName: "Kept", authorEmail: "nope", content: "Kept text" });
    expect(res.body.state).toMatchObject({ status: 400, values: { authorName: "Kept", authorEmail: "nope", content: "Kept text" }, notice: { title: "Error", description: "Enter a valid email address" } });
  });
});

describe("sign-in, plans, confirmation", () => {
  test("sign-in mails the link and names the success", async () => {
    const res = await post("/account", { form: "signin", email: "reader@example.com" });
    expect(res.body).toEqual({ redirect: "/account?form=signin&notice=signin-sent#form-signin" });
    expect(signInLinkFromOutbox(t.config.dataDir, "reader@example.com")).toMatch(/\/account\/verify\?token=/);
  });

  test("plans without payments: a missing address is 'Email required'; a request is recorded", async () => {
    const missing = await post("/subscribe", { form: "plans", plan: "annual", email: " " });
    expect(missing.body.state).toMatchObject({ status: 400, values: { plan: "annual", email: " " }, notice: { title: "Email required" } });
    const ok = await post("/subscribe", { form: "plans", plan: "annual", email: "plan@example.com" });
    expect(ok.body).toEqual({ redirect: "/subscribe?form=plans&notice=premium-requested#form-plans" });
  });

  test("a confirmation link that is not valid is the page again with the API's message", async () => {
    const res = await post("/newsletter/confirm?token=abc", { form: "newsletter-confirm", token: "abc" });
    expect(res.body.state).toMatchObject({ form: "newsletter-confirm", status: 400, notice: { title: "Confirmation link not valid", error: true } });
  });

  test("a body that names no form of ours is not a form post (the site's 404 page answers)", async () => {
    const res = await post("/", { form: "admin", email: "x@example.com" });
    expect(res.status).toBe(404);
    expect(res.text).toMatch(/page not found/i);
  });
});

describe("from another site", () => {
  test.each([{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "https://evil.example", "sec-fetch-site": "" }])("%j is refused with 403 and stores nothing", async (headers) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v));
    const res = await t.api("POST", "/article/x", { body: new URLSearchParams({ form: "comment", articleId: String(articleId), authorName: "Forged", authorEmail: "f@example.com", content: "Forged" }).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...clean } });
    expect(res.status).toBe(403);
    expect((await (await t.caller()).comments.list({ articleId })).some((c) => c.authorName === "Forged")).toBe(false);
  });
});

describe("with payments connected", () => {
  let stripe: FakeStripe;
  let paid: TestApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    paid = await createTestApp({ ...stripe.env }, answering);
  });
  afterAll(async () => {
    await paid?.close();
    await stripe?.close();
  });

  test("the plans form goes on to Stripe's Checkout for the chosen plan, as the dialog does", async () => {
    const res = await post("/subscribe", { form: "plans", plan: "annual", email: "buyer@example.com" }, {}, paid);
    expect(res.body.redirect).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const call = stripe.calls.filter((c) => c.path === "/v1/checkout/sessions").at(-1)!;
    expect([call.form.get("customer_email"), call.form.get("metadata[plan]")]).toEqual(["buyer@example.com", "annual"]);
  });
});
