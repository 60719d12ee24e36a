// A premium article's preview and member views are stored when it is saved (a row of article_paywall_view), so that no
// read renders markdown: every door that writes a body or the premium flag keeps them in step, the readers' answers
// stay byte for byte what the paywall rendered before, a row that does not match the body is never shown, and rows
// saved before the views existed are filled in the background.
import { jest } from "@jest/globals";
import type { QueryRunner } from "typeorm";
import { Article } from "../../../src/entities/Article.js";
import { ArticlePaywallView } from "../../../src/entities/ArticlePaywallView.js";
import { storedPaywallViews } from "../../../src/lib/markdown.js";
import { contentHash } from "../../../src/lib/paywallViews.js";
import { PAYWALL_FILL_KEY } from "../../../src/migrations/1766100000000-PaywallViews.js";
import { seedIfEmpty } from "../../../src/seed/seed.js";
import { LeaseRepository } from "../../../src/repositories/leaseRepository.js";
import { restoreExport } from "../../../src/services/export/restore.js";
import { Lease } from "../../../src/services/lease.js";
import { systemClock } from "../../../src/lib/clock.js";
import type { ArticleDto } from "../../../src/schemas/article.js";
import { articleInput, createArticle } from "../../helpers/factories.js";
import { PREMIUM_BODIES, renderedPaywallViews } from "../../helpers/renderedPaywall.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({}, { signIn: true });

const viewRow = (articleId: number) => t.ds.getRepository(ArticlePaywallView).findOneBy({ articleId });
/** The article's stored views (null: no row). */
const stored = async (id: number) => (await viewRow(id))?.views ?? null;
/** What the save must have stored for the article as it now stands: its views and their body's hash, no row when free. */
const expectInStep = async (id: number) => {
  const row = await t.ds.getRepository(Article).findOneByOrFail({ id });
  const views = await viewRow(id);
  expect(views && { views: views.views, contentHash: views.contentHash }).toEqual(row.isPremium ? { views: await storedPaywallViews(row.content, true), contentHash: contentHash(row.content) } : null);
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
  for (const a of seeded) await expectInStep(a.id);

  const exported = await t.api("GET", "/api/admin/export", { cookie: t.cookie });
  expect(exported.status).toBe(200);
  for (const { id } of seeded) await t.services.articles.delete(id);
  await t.ds.query("DELETE FROM site_page");
  await t.ds.query("DELETE FROM business_contact");
  await restoreExport(t.services, exported.text);
  const restored = await t.ds.getRepository(Article).find();
  expect(restored.map((a) => a.slug).sort()).toEqual(seeded.map((a) => a.slug).sort());
  for (const a of restored) await expectInStep(a.id);
  const premium = restored.find((a) => a.isPremium && a.status === "published" && a.publishedAt && a.publishedAt <= new Date())!;
  await expectViewsAsRendered(premium.id);
});

test("rows saved before the views existed: read as rendered until the background fill stores them, without moving their update time", async () => {
  const premium = [];
  for (const content of Object.values(PREMIUM_BODIES)) premium.push(await createArticle(t.services, { content, isPremium: true }));
  const free = await createArticle(t.services, { content: PREMIUM_BODIES.headings });
  const ids = premium.map((a) => a.id);
  // As the migration leaves an existing database: the table empty, the fill's range recorded up to the highest id.
  // Undone with the migrations after it.
  for (;;) {
    const [last] = await t.ds.query("SELECT name FROM migrations ORDER BY id DESC LIMIT 1");
    await t.ds.undoLastMigration({ transaction: "each" });
    if (String(last.name).startsWith("PaywallViews")) break;
  }
  const statements = await recordingStatements(() => t.ds.runMigrations({ transaction: "each" }));
  // A table of its own, created at once: `article` itself is not altered (on MariaDB that copies the whole table).
  expect(statements.some((sql) => /CREATE TABLE\s+[`"]?article_paywall_view\b/i.test(sql))).toBe(true);
  expect(statements.filter((sql) => /ALTER TABLE\s+[`"]?article[`"\s]/i.test(sql))).toEqual([]);
  const rows = () => t.ds.getRepository(Article).find({ where: ids.map((id) => ({ id })), order: { id: "ASC" } });
  const before = await rows();
  expect(await t.ds.getRepository(ArticlePaywallView).count()).toBe(0);
  const progress = JSON.parse((await t.services.settings.get(PAYWALL_FILL_KEY))!);
  expect(progress).toEqual({ next: 0, last: Math.max(...ids, free.id) });
  for (const id of ids) await expectViewsAsRendered(id);

  // Another instance holds the fill's lease: this one stores nothing and leaves the range to do.
  const leases = new LeaseRepository(t.ds);
  const lease = (holder: string) => new Lease(leases, systemClock(), t.services.paywallFillRunner.lease.name, holder, 60_000);
  const other = lease("another-instance");
  expect(await other.acquire()).toBe(true);
  expect(await t.services.paywallFillRunner.tick()).toBe(0);
  expect(await t.ds.getRepository(ArticlePaywallView).count()).toBe(0);
  // Taken over (or stopped on shutdown) before its first slice: nothing stored, the range left to do.
  let renewals = 0;
  expect(await t.services.paywallFill.fillMissing({ stillHeld: async () => ++renewals > 1, restFactor: 0 })).toBe(0);
  expect(renewals).toBe(1);
  expect(JSON.parse((await t.services.settings.get(PAYWALL_FILL_KEY))!)).toEqual(progress);
  await other.release();

  // A row stored or made free by a save before the fill reaches it keeps what the save stored.
  await t.services.articles.update({ id: ids[0], content: `${PREMIUM_BODIES.headings}\n\nEdited.` });
  const edited = await stored(ids[0]);
  await t.services.articles.update({ id: ids[1], isPremium: false });
  expect([await stored(ids[1]), edited]).toEqual([null, expect.any(String)]);
  // Every other premium row of the table (those of the earlier tests too), and no free one; the lease renewed before
  // each slice and each range's progress, and released at the end.
  const premiumCount = await t.ds.getRepository(Article).countBy({ isPremium: true });
  const holder = lease("this-instance");
  expect(await holder.acquire()).toBe(true);
  const renewed = jest.spyOn(holder, "acquire");
  expect(await t.services.paywallFill.fillMissing({ stillHeld: () => holder.acquire(), range: 2, slice: 2, restFactor: 0 })).toBe(premiumCount - 1);
  expect(renewed.mock.results.length).toBeGreaterThan(Math.ceil((premiumCount - 1) / 2));
  for (const result of renewed.mock.results) await expect(result.value).resolves.toBe(true);
  await holder.release();
  expect([await stored(ids[0]), await stored(ids[1])]).toEqual([edited, null]);
  await t.services.articles.update({ id: ids[1], isPremium: true });
  const after = await rows();
  for (const a of after) await expectInStep(a.id);
  // The fill moved no update time (the two saves above did).
  expect(after.slice(2).map((a) => a.updatedAt.getTime())).toEqual(before.slice(2).map((a) => a.updatedAt.getTime()));
  expect(await stored(free.id)).toBeNull();
  for (const id of ids) await expectViewsAsRendered(id);
  expect(JSON.parse((await t.services.settings.get(PAYWALL_FILL_KEY))!)).toEqual({ next: progress.last, last: progress.last });
  // Done: the next start reads the setting and nothing else.
  expect(await t.services.paywallFillRunner.tick()).toBe(0);
});

/** The SQL the data source's query runners issue while `work` runs. */
async function recordingStatements(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const create = t.ds.createQueryRunner.bind(t.ds);
  const spy = jest.spyOn(t.ds, "createQueryRunner").mockImplementation((mode) => {
    const runner: QueryRunner = create(mode);
    const query = runner.query.bind(runner);
    runner.query = ((sql: string, ...rest: never[]) => (statements.push(sql), query(sql, ...rest))) as QueryRunner["query"];
    return runner;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

test("a row whose body was changed behind the app's back is rendered from the body read, never shown stale", async () => {
  const article = await createArticle(t.services, { content: PREMIUM_BODIES.headings, isPremium: true });
  const storedBefore = await viewRow(article.id);
  const changed = "## Changed\n\nA new free paragraph.\n\nAnother one.\n\nMembers only: CHANGED BEHIND THE APP.";
  await t.ds.query("UPDATE article SET content = ? WHERE id = ?", [changed, article.id]);
  // The row is as the save left it, rendered from the old body…
  expect(await viewRow(article.id)).toEqual(storedBefore);
  expect(storedBefore!.contentHash).not.toBe(contentHash(changed));
  // …and the answers are those of the body read.
  await expectViewsAsRendered(article.id);
  const anonymous = (await t.api("GET", `/api/articles/${article.id}`)).body;
  expect(anonymous.headings).toEqual([{ id: "changed", text: "Changed", level: 2 }]);
  expect((await t.api("GET", `/api/articles/${article.id}`, { cookie: t.cookie })).body.contentHtml).toContain("CHANGED BEHIND THE APP");
  // A row missing altogether is rendered too.
  await t.ds.getRepository(ArticlePaywallView).delete({ articleId: article.id });
  await expectViewsAsRendered(article.id);
  // The next save that leaves the body as it is repairs the row.
  await t.services.articles.update({ id: article.id, title: "Retitled after the raw update" });
  await expectInStep(article.id);
});

test("deleting an article removes its stored views", async () => {
  const article = await createArticle(t.services, { content: PREMIUM_BODIES.codeFence, isPremium: true });
  const other = await createArticle(t.services, { content: PREMIUM_BODIES.crlf, isPremium: true });
  expect(await stored(article.id)).not.toBeNull();
  expect((await t.api("DELETE", `/api/articles/${article.id}`, { cookie: t.cookie })).status).toBeLessThan(300);
  expect(await viewRow(article.id)).toBeNull();
  await expectInStep(other.id);
});
