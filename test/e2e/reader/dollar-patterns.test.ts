// Finding 3: reader text with String.replace patterns ($`, $', $&, $1) must not corrupt a server-rendered page:
// exactly one <html>, and the embedded page state still parses.
import { baseUrl } from "../browser.js";
import { adminRequest, createArticle, unique } from "../readerSupport.js";

const PATTERNS = "A $` B $' C $& D $1 E $$ F";

async function expectIntact(path: string, expected: string) {
  const res = await fetch(baseUrl() + path);
  const text = await res.text();
  expect(res.status).toBe(200);
  expect(text.match(/<html/g)).toHaveLength(1);
  expect(text.match(/<\/html>/g)).toHaveLength(1);
  const state = /<script id="__APP_STATE__" type="application\/json">([\s\S]*?)<\/script>/.exec(text);
  expect(state).not.toBeNull();
  expect(() => JSON.parse(state![1])).not.toThrow();
  expect(state![1]).toContain(JSON.stringify(expected).slice(1, -1));
}

test("an article title and an approved comment with $-patterns", async () => {
  const article = await createArticle({ title: `Title ${PATTERNS}`, slug: unique("dollar") });
  const posted = await fetch(`${baseUrl()}/api/articles/${article.id}/comments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ authorName: "Reader", authorEmail: "reader@example.com", content: `Comment ${PATTERNS}` }),
  });
  expect(posted.status).toBe(201);
  const comment = await posted.json();
  if (!comment.isApproved) expect((await adminRequest("PUT", `/api/admin/comments/${comment.id}`, { status: "approved" })).status).toBe(200);
  await expectIntact(`/article/${article.slug}`, `Title ${PATTERNS}`);
  await expectIntact(`/article/${article.slug}`, `Comment ${PATTERNS}`);
});

test("static page text with $-patterns", async () => {
  expect((await adminRequest("PUT", "/api/pages/careers", { title: "Careers", content: `Work with us ${PATTERNS}` })).status).toBe(200);
  try {
    await expectIntact("/careers", `Work with us ${PATTERNS}`);
  } finally {
    await adminRequest("POST", "/api/pages/careers/reset");
  }
});

test("a search query with $-patterns", async () => {
  await expectIntact(`/search?q=${encodeURIComponent(PATTERNS)}`, PATTERNS);
});
