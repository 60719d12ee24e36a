// An import job survives its process: stopped after its first batch (as when the process dies or loses its
// lease), it is picked up again from its last committed batch and ends with exactly what one run would give.
// And a slug another article has gets a suffix, with the old links redirecting to the suffixed one.
import fs from "node:fs";
import path from "node:path";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const SAMPLE = path.resolve(import.meta.dirname, "../../fixtures/wordpress-theme-unit-test.wxr.xml");
const t = useTestApp({}, { signIn: true });

test("a job stopped after one batch resumes after it on the next run: no item twice, none missing", async () => {
  // Another article already has the slug of one of the posts.
  await createArticle(t.services, { slug: "template-sticky", title: "Our own sticky story" });
  t.services.importJobs.onQueued = () => undefined;
  const res = await fetch(`${t.baseUrl}/api/admin/import`, { method: "POST", body: fs.readFileSync(SAMPLE, "utf8"), headers: { cookie: t.cookie, "content-type": "application/xml" } });
  const { id } = (await res.json()) as { id: string };

  // The first run holds its lease for one batch only, then finds it taken: it stops where it is.
  let renewals = 0;
  expect(await t.services.importJobs.step(async () => ++renewals < 2)).toEqual({ more: false });
  const stopped = (await t.api("GET", `/api/admin/import/${id}`, { cookie: t.cookie })).body;
  expect(stopped.status).toBe("running");
  expect(stopped.progress.done).toBeGreaterThan(0);
  expect(stopped.progress.done).toBeLessThan(stopped.progress.total);
  const articlesAfterFirstRun = (await t.api("GET", "/api/admin/articles?pageSize=100", { cookie: t.cookie })).body.total;
  expect(articlesAfterFirstRun).toBeGreaterThan(1);
  expect(articlesAfterFirstRun).toBeLessThan(59);

  // The runner (as after a restart) takes the job up again and finishes it.
  await t.services.importRunner.tick();
  const done = (await t.api("GET", `/api/admin/import/${id}`, { cookie: t.cookie })).body;
  expect(done.status).toBe("done");
  expect(done.counts.posts).toMatchObject({ inFile: 58, created: 58, updated: 0, unchanged: 0 });
  expect(done.counts.comments.created + done.counts.comments.skipped).toBe(33);
  expect((await t.api("GET", "/api/admin/articles?pageSize=100", { cookie: t.cookie })).body.total).toBe(59);

  // The taken slug: the import's article is template-sticky-2, and the old links lead there.
  expect((await t.api("GET", "/api/articles/slug/template-sticky")).body.title).toBe("Our own sticky story");
  expect((await t.api("GET", "/api/articles/slug/template-sticky-2")).body.title).toBe("Template: Sticky");
  expect(done.problems).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/"template-sticky" belongs to another article: imported as "template-sticky-2"/) }));
  for (const address of ["/template-sticky/", "/2012/01/07/template-sticky/", "/?p=1241"]) {
    const r = await fetch(t.baseUrl + address, { redirect: "manual" });
    expect([address, r.status, r.headers.get("location")]).toEqual([address, 301, "/article/template-sticky-2"]);
  }
}, 120_000);
