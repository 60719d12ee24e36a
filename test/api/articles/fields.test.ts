// Issue 24, item 6: an article's own fields are listed once (EDITABLE_ARTICLE_FIELDS). Every field on that list,
// with two sample values each, goes through a create, an update, the revision of each, the revision's diff, a
// restore and the export; a field added to the list without samples here does not compile.
import { EDITABLE_ARTICLE_FIELDS, type EditableArticleField } from "../../../src/schemas/constants.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({}, { signIn: true });

const SAMPLES: Record<EditableArticleField, [unknown, unknown]> = {
  title: ["Every field, first version", "Every field, second version"],
  slug: ["every-field-first", "every-field-second"],
  excerpt: ["The first excerpt.", "The second excerpt."],
  content: ["The first body, in a few words.", "The second body, a little longer than the first."],
  author: ["First Author", "Second Author"],
  category: ["land", "sea"],
  contentTier: ["news_brief", "premium_analysis"],
  imageUrl: ["https://img.example.com/first.jpg", "/images/second.jpg"],
  imageAlt: ["The first image", "The second image"],
  isBreaking: [false, true],
  isPremium: [false, true],
  status: ["draft", "archived"],
  publishedAt: ["2031-01-02T03:04:05.000Z", "2032-06-07T08:09:10.000Z"],
};
const version = (i: 0 | 1) => Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((f) => [f, SAMPLES[f][i]]));
const fieldsOf = (row: Record<string, unknown>) => Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((f) => [f, row[f]]));

test("every editable field is stored by a create and an update, kept by each revision, named by the diff and brought back by a restore", async () => {
  const created = await t.api("POST", "/api/articles", { cookie: t.cookie, body: version(0) });
  expect(created.status).toBe(201);
  expect(fieldsOf(created.body)).toEqual(version(0));
  const id = created.body.id as number;

  const updated = await t.api("PUT", `/api/articles/${id}`, { cookie: t.cookie, body: version(1) });
  expect(updated.status).toBe(200);
  expect(fieldsOf(updated.body)).toEqual(version(1));
  expect(fieldsOf((await t.api("GET", `/api/articles/${id}?admin=true`, { cookie: t.cookie })).body)).toEqual(version(1));

  const list = (await t.api("GET", `/api/articles/${id}/revisions`, { cookie: t.cookie })).body;
  expect(list.map((r: any) => r.kind)).toEqual(["status", "create"]);
  const [second, first] = await Promise.all(list.map(async (r: any) => (await t.api("GET", `/api/articles/${id}/revisions/${r.id}`, { cookie: t.cookie })).body));
  expect(fieldsOf(second)).toEqual(version(1));
  expect(fieldsOf(first)).toEqual(version(0));
  expect(second.diff.changedFields).toEqual([]);
  expect(first.diff.changedFields).toEqual([...EDITABLE_ARTICLE_FIELDS]);

  const restored = await t.api("POST", `/api/articles/${id}/revisions/${first.id}/restore`, { cookie: t.cookie });
  expect(restored.status).toBe(200);
  expect(fieldsOf(restored.body)).toEqual(version(0));

  const exported = await fetch(`${t.baseUrl}/api/admin/export?revisions=true`, { headers: { cookie: t.cookie } });
  const article = ((await exported.json()) as { articles: Record<string, any>[] }).articles.find((a) => a.slug === SAMPLES.slug[0]);
  expect(fieldsOf(article!)).toEqual(version(0));
  expect(article!.revisions.map(fieldsOf)).toEqual([version(0), version(1), version(0)]);
});

test("an update that sends no field changes none; one that sends a field changes only it", async () => {
  const { body: article } = await t.api("POST", "/api/articles", { cookie: t.cookie, body: { ...version(0), slug: "one-field-at-a-time" } });
  const before = fieldsOf(article);
  expect(fieldsOf((await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: {} })).body)).toEqual(before);
  for (const field of EDITABLE_ARTICLE_FIELDS) {
    const value = field === "slug" ? "one-field-changed" : SAMPLES[field][1];
    const res = await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { [field]: value } });
    expect([field, res.status]).toEqual([field, 200]);
    Object.assign(before, { [field]: value });
    expect(fieldsOf(res.body)).toEqual(before);
  }
});
