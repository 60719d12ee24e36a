// A premium article's preview and member views are stored when it is saved (article.paywallViews), so that no read
// renders markdown: every door that writes a body or the premium flag keeps them in step, the readers' answers stay
// byte for byte what the paywall rendered before, and rows saved before the views existed are filled in the background.
import { Article } from "../../../src/entities/Article.js";
import { storedPaywallViews } from "../../../src/lib/markdown.js";
import { PAYWALL_FILL_KEY } from "../../../src/migrations/1766100000000-PaywallViews.js";
import { seedIfEmpty } from "../../../src/seed/seed.js";
import { restoreExport } from "../../../src/services/export/restore.js";
import type { ArticleDto } from "../../../src/schemas/article.js";
import { articleInput, createArticle } from "../../helpers/factories.js";
import { PREMIUM_BODIES, renderedPaywallViews } from "../../helpers/renderedPaywall.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({}, { signIn: true });

const stored = async (id: number) => (await t.ds.getRepository(Article).findOneByOrFail({ id })).paywallViews;
/** What the save must have stored for the article as it now stands. */
const expectInStep = async (id: number) => {
  const row = await t.ds.getRepository(Article).findOneByOrFail({ id });
  expect(row.paywallViews).toBe(await storedPaywallViews(row.content, row.isPremium));
};
/** The article as the newsroom reads it in full (the editor's read), to render the reference views from. */
const asStored = async (id: number): Promise<ArticleDto> => t.services.articles.findPublishedById(id);

/** A non-member's and a member's (the administrator reads as one) answer, over REST and tRPC, equal the old rendering. */
async function expectViewsAsRendered(id: number) {
  const { preview, member } = await renderedPaywallViews(await asStored(id));
  const anonymous = await t.api("GET", `/api/articles/${id}`);
  const admin = await t.api("GET", `/api/articles/${id}`, { cookie: t.cookie });
  expect(anonymous.text).toBe(JSON.stringify(preview));
  expect(admin.text).toBe(JSON.stringify(member));
  expect(JSON.stringify(await (await t.caller()).articles.byId({ id }))).toBe(JSON.stringify(preview));
  expect(JSON.stringify(await (await t.caller(true)).articles.byId({ id }))).toBe(JSON.stringify(member));
}

test.each(Object.entries(PREMIUM_BODIES))("%s: saved premium, its views are stored and answered as the paywall rendered them", async (_name, content) => {
  const article = await createArticle(t.services, { content, isPremium: true, category: "sea" });
  expect(await stored(article.id)).not.toBeNull();
  await expectInStep(article.id);
  await expectViewsAsRendered(article.id);
});

test("toggling premium through the editor's update stores or drops the views; editing the body renders them anew", async () => {
  const created = await t.api("POST", "/api/articles", { cookie: t.cookie, body: articleInput({ content: PREMIUM_BODIES.headings }) });
  const { id } = created.body as { id: number };
  expect(await stored(id)).toBeNull();
  expect((await t.api("PUT", `/api/articles/${id}`, { cookie: t.cookie, body: { isPremium: true } })).status).toBe(200);
  await expectInStep(id);
  expect(await stored(id)).not.toBeNull();
  await expectViewsAsRendered(id);
  const before = await stored(id);
  // A save that changes neither the body nor the flag leaves the views as they are.
  await t.api("PUT", `/api/articles/${id}`, { cookie: t.cookie, body: { title: "Retitled premium analysis" } });
  expect(await stored(id)).toBe(before);
  await (await t.caller(true)).articles.update({ id, content: PREMIUM_BODIES.codeFence });
  await expectInStep(id);
  expect(await stored(id)).not.toBe(before);
  await expectViewsAsRendered(id);
  expect((await t.api("GET", `/api/articles/${id}`)).body.contentHtml).toContain("const a = 1;");
  await t.api("PUT", `/api/articles/${id}`, { cookie: t.cookie, body: { isPremium: false } });
  expect(await stored(id)).toBeNull();
  expect((await t.api("GET", `/api/articles/${id}`)).body).toMatchObject({ content: PREMIUM_BODIES.codeFence });
});

test("restoring a revision brings back the views of the restored body", async () => {
  const article = await createArticle(t.services, { content: PREMIUM_BODIES.headings, isPremium: true });
  const first = (await t.api("GET", `/api/articles/${article.id}/revisions`, { cookie: t.cookie })).body.at(-1);
  await t.services.articles.update({ id: article.id, content: PREMIUM_BODIES.crlf });
  await t.services.articles.update({ id: article.id, isPremium: false });
  expect(await stored(article.id)).toBeNull();
  expect((await t.api("POST", `/api/articles/${article.id}/revisions/${first.id}/restore`, { cookie: t.cookie })).status).toBe(200);
  await expectInStep(article.id);
  expect(await stored(article.id)).toBe(await storedPaywallViews(PREMIUM_BODIES.headings, true));
  await expectViewsAsRendered(article.id);
});

test("a WordPress re-import of a premium article's body renders its views", async () => {
  const article = await createArticle(t.services, { content: PREMIUM_BODIES.headings, isPremium: true });
  const saved = await t.services.transaction((tx) =>
    t.services.articles.saveImported(tx, article.id, { slug: article.slug, title: article.title, excerpt: "Imported again.", content: PREMIUM_BODIES.codeFence, author: "Importer", category: "sea", status: "published", publishedAt: new Date(Date.now() - 60_000), createdAt: null, isBreaking: false, imageUrl: null, imageAlt: null }),
  );
  expect(saved.article.isPremium).toBe(true);
  await expectInStep(article.id);
  expect(await stored(article.id)).toBe(await storedPaywallViews(PREMIUM_BODIES.codeFence, true));
});

test("the seed and a restore from an export store the views of their premium articles", async () => {
  for (const { id } of await t.ds.getRepository(Article).find({ select: { id: true } })) await t.services.articles.delete(id);
  expect(await seedIfEmpty(t.services)).toBe(true);
  const seeded = await t.ds.getRepository(Article).find();
  expect(seeded.filter((a) => a.isPremium).length).toBeGreaterThan(0);
  for (const a of seeded) expect(a.paywallViews).toBe(await storedPaywallViews(a.content, a.isPremium));

  const exported = await t.api("GET", "/api/admin/export", { cookie: t.cookie });
  expect(exported.status).toBe(200);
  for (const { id } of seeded) await t.services.articles.delete(id);
  await t.ds.query("DELETE FROM site_page");
  await t.ds.query("DELETE FROM business_contact");
  await restoreExport(t.services, exported.text);
  const restored = await t.ds.getRepository(Article).find();
  expect(restored.map((a) => a.slug).sort()).toEqual(seeded.map((a) => a.slug).sort());
  for (const a of restored) expect(a.paywallViews).toBe(await storedPaywallViews(a.content, a.isPremium));
  const premium = restored.find((a) => a.isPremium && a.status === "published" && a.publishedAt && a.publishedAt <= new Date())!;
  await expectViewsAsRendered(premium.id);
});

test("rows saved before the views existed: read as rendered until the background fill stores them, without moving their update time", async () => {
  const premium = [];
  for (const content of Object.values(PREMIUM_BODIES)) premium.push(await createArticle(t.services, { content, isPremium: true }));
  const free = await createArticle(t.services, { content: PREMIUM_BODIES.headings });
  const ids = premium.map((a) => a.id);
  // As the migration leaves an existing database: the column empty, the fill's range recorded up to the highest id.
  await t.ds.undoLastMigration({ transaction: "each" });
  await t.ds.runMigrations({ transaction: "each" });
  const rows = () => t.ds.getRepository(Article).find({ where: ids.map((id) => ({ id })), order: { id: "ASC" } });
  const before = await rows();
  expect(before.map((a) => a.paywallViews)).toEqual(ids.map(() => null));
  const progress = JSON.parse((await t.services.settings.get(PAYWALL_FILL_KEY))!);
  expect(progress).toEqual({ next: 0, last: Math.max(...ids, free.id) });
  for (const id of ids) await expectViewsAsRendered(id);

  // Stopped on shutdown before its first step: nothing stored, the range left to do.
  const stopped = new AbortController();
  stopped.abort();
  expect(await t.services.paywallFill.fillMissing({ signal: stopped.signal, restFactor: 0 })).toBe(0);
  expect(JSON.parse((await t.services.settings.get(PAYWALL_FILL_KEY))!)).toEqual(progress);

  // A row stored or made free by a save before the fill reaches it keeps what the save stored.
  await t.services.articles.update({ id: ids[0], content: `${PREMIUM_BODIES.headings}\n\nEdited.` });
  const edited = await stored(ids[0]);
  await t.services.articles.update({ id: ids[1], isPremium: false });
  expect([await stored(ids[1]), edited]).toEqual([null, expect.any(String)]);
  // Every other premium row of the table (those of the earlier tests too), and no free one.
  const premiumCount = await t.ds.getRepository(Article).countBy({ isPremium: true });
  expect(await t.services.paywallFill.fillMissing({ range: 2, slice: 2, restFactor: 0 })).toBe(premiumCount - 1);
  expect([await stored(ids[0]), await stored(ids[1])]).toEqual([edited, null]);
  await t.services.articles.update({ id: ids[1], isPremium: true });
  const after = await rows();
  for (const a of after) expect(a.paywallViews).toBe(await storedPaywallViews(a.content, true));
  // The fill moved no update time (the two saves above did).
  expect(after.slice(2).map((a) => a.updatedAt.getTime())).toEqual(before.slice(2).map((a) => a.updatedAt.getTime()));
  expect(await stored(free.id)).toBeNull();
  for (const id of ids) await expectViewsAsRendered(id);
  expect(JSON.parse((await t.services.settings.get(PAYWALL_FILL_KEY))!)).toEqual({ next: progress.last, last: progress.last });
  // Done: the next start reads the setting and nothing else.
  expect(await t.services.paywallFill.fillMissing({ restFactor: 0 })).toBe(0);
});
