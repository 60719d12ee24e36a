// Every text at its documented limit is stored whole (the columns fit, on MySQL/MariaDB too, with
// 4-byte characters), and read back unchanged.
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_COMMENTS: "1000" }, { signIn: true });

/** `n` UTF-16 units of mixed text with 4-byte characters (🚀 counts 2). */
const text = (n: number) => ("Aé🚀".repeat(Math.ceil(n / 4)) + "x".repeat(4)).slice(0, n).replace(/\uD83D$/, "x");

test("an article with every field at its limit", async () => {
  const body = {
    title: text(200),
    slug: "s".repeat(200),
    excerpt: text(500),
    content: text(200_000),
    author: text(100),
    imageUrl: "https://example.com/" + "p".repeat(980),
    imageAlt: text(300),
  };
  const res = await t.api("POST", "/api/articles", { body, cookie: t.cookie });
  expect(res.status).toBe(201);
  for (const [k, v] of Object.entries(body)) expect([k, res.body[k] === v]).toEqual([k, true]);
  const read = await t.api("GET", `/api/articles/${res.body.id}`);
  for (const [k, v] of Object.entries(body)) expect([k, read.body[k] === v]).toEqual([k, true]);
  // the excerpt fallback of the longest content fits as well
  const fallback = await t.api("POST", "/api/articles", { body: { title: "Fallback", content: text(200_000) }, cookie: t.cookie });
  expect(fallback.body.excerpt).toBe(text(200_000).slice(0, 200) + "...");
});

test("a comment, a contact and a page at their limits", async () => {
  const article = (await t.api("POST", "/api/articles", { body: { title: "Host", content: "c" }, cookie: t.cookie })).body;
  const comment = { authorName: text(100), authorEmail: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`, content: text(5000) };
  expect(comment.authorEmail.length).toBeLessThanOrEqual(254);
  const posted = await t.api("POST", `/api/articles/${article.id}/comments`, { body: comment });
  expect(posted.status).toBe(201);
  expect(posted.body).toMatchObject({ authorName: comment.authorName, content: comment.content });

  const contact = { id: "i".repeat(100), label: text(200), email: "x@example.com", phone: "1".repeat(50), description: text(1000) };
  const created = await t.api("POST", "/api/business-contacts", { body: contact, cookie: t.cookie });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject(contact);

  const page = { title: text(200), content: text(200_000) };
  const saved = await t.api("PUT", "/api/pages/legal", { body: page, cookie: t.cookie });
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject(page);
  expect((await t.api("GET", "/api/pages/legal")).body).toMatchObject(page);
});
