// Finding 6: the page-view beacon records only paths of real routes, caps distinct paths per day,
// and daily roll-ups are pruned past the retention; the dashboard links only same-origin paths.
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";
import { AUDIENCE_RETENTION_DAYS, MAX_PATHS_PER_DAY, OTHER_PATH } from "../../../src/services/audienceRecorder.js";
import { sameOriginPath } from "../../../web/lib/links.js";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const t = useTestApp();
beforeEach(async () => {
  t.services.audience.resetThrottle();
  await t.services.audience.flush();
  for (const table of ["audience_event", "audience_page_day", "audience_visitor_day"]) await t.ds.query(`DELETE FROM ${table}`);
});

const beacon = (path: string) => t.api("POST", "/api/events", { body: { type: "pageview", path }, headers: { "user-agent": BROWSER } });
const storedPaths = async () => (await t.ds.query("SELECT DISTINCT path FROM audience_page_day ORDER BY path")).map((r: { path: string }) => r.path).sort();

test("only real routes are recorded; anything else, an off-site looking path included, counts as other", async () => {
  const article = await createArticle(t.services);
  const draft = await createArticle(t.services, { status: "draft" });
  for (const path of ["/", "/search", "/category/sea", "/about", `/article/${article.slug}`, `/article/${article.slug}/`, "/\\evil.example/x", "/wp-admin.php", `/article/${draft.slug}`, "/article/no-such-slug", "/category/nope", "/%3Cscript%3E"]) {
    expect([path, (await beacon(path)).status]).toEqual([path, 200]);
  }
  await t.services.audience.flush();
  expect(await storedPaths()).toEqual(["/", "/about", `/article/${article.slug}`, "/category/sea", "/search", OTHER_PATH].sort());
  const [other] = await t.ds.query("SELECT views FROM audience_page_day WHERE path = ?", [OTHER_PATH]);
  expect(Number(other.views)).toBe(6);
  const [raw] = await t.ds.query("SELECT COUNT(*) n FROM audience_event WHERE path LIKE '%evil%' OR path LIKE '%wp-admin%'");
  expect(Number(raw.n)).toBe(0);
});

test(`past ${MAX_PATHS_PER_DAY} distinct paths in a day, new paths count as other`, async () => {
  const article = await createArticle(t.services);
  const day = (await t.ds.query("SELECT 1 x")) && new Date().toISOString().slice(0, 10);
  // fill the day's roll-up to the cap directly (fast), then a real new path arrives
  const rows = Array.from({ length: MAX_PATHS_PER_DAY }, (_, i) => [day, `/filler-${i}`]);
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    await t.ds.query(`INSERT INTO audience_page_day (day, path, views, shares, searchViews, socialViews, entries, engagedEntries) VALUES ${chunk.map(() => "(?,?,1,0,0,0,0,0)").join(",")}`, chunk.flat());
  }
  expect((await beacon(`/article/${article.slug}`)).status).toBe(200);
  expect((await beacon("/filler-3")).status).toBe(200); // no real route: other as well
  await t.services.audience.flush();
  const [{ n }] = await t.ds.query("SELECT COUNT(*) n FROM audience_page_day WHERE day = ?", [day]);
  expect(Number(n)).toBe(MAX_PATHS_PER_DAY + 1); // only "other" was added
  expect(await t.ds.query("SELECT path FROM audience_page_day WHERE path = ?", [`/article/${article.slug}`])).toEqual([]);
});

test(`daily roll-ups older than ${AUDIENCE_RETENTION_DAYS} days are pruned, recent ones kept`, async () => {
  const old = new Date(Date.now() - (AUDIENCE_RETENTION_DAYS + 2) * 86_400_000).toISOString().slice(0, 10);
  const recent = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  for (const day of [old, recent]) await t.ds.query("INSERT INTO audience_page_day (day, path, views, shares, searchViews, socialViews, entries, engagedEntries) VALUES (?, '/', 1, 0, 0, 0, 0, 0)", [day]);
  await t.services.audience.prune();
  expect((await t.ds.query("SELECT day FROM audience_page_day")).map((r: { day: string }) => r.day)).toEqual([recent]);
});

test("the dashboard links a recorded path only when a browser keeps it on this site", () => {
  expect(sameOriginPath("/article/a-b")).toBe("/article/a-b");
  expect(sameOriginPath("/search?q=x")).toBe("/search?q=x");
  for (const offSite of ["/\\evil.example/x", "//evil.example/x", "/\\/evil.example", "https://evil.example/", "other", "javascript:alert(1)", "/\t/evil.example"]) {
    expect([offSite, sameOriginPath(offSite)]).toEqual([offSite, null]);
  }
});
