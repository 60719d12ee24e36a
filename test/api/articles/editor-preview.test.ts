import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp();

test("the editor's preview renders markdown with the readers' sanitising renderer", async () => {
  const cookie = await t.login();
  const res = await t.api("POST", "/api/admin/preview", { cookie, body: { content: "## Strike Package\n\n**bold** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>" } });
  expect(res.status).toBe(200);
  expect(res.body.html).toContain('<h2 id="strike-package">Strike Package</h2>');
  expect(res.body.html).toContain("<strong>bold</strong>");
  expect(res.body.html).not.toMatch(/<script|onerror|javascript:/);
  expect(res.body.headings).toEqual([{ id: "strike-package", text: "Strike Package", level: 2 }]);
  const caller = await t.caller(true);
  expect((await caller.toolsAdmin.preview({ content: "plain" })).html).toBe("<p>plain</p>");
});

test("the preview refuses anonymous callers and oversize content", async () => {
  expect((await t.api("POST", "/api/admin/preview", { body: { content: "x" } })).status).toBe(401);
  expect((await t.api("POST", "/api/trpc/toolsAdmin.preview", { body: { content: "x" } })).status).toBe(401);
  const cookie = await t.login();
  expect((await t.api("POST", "/api/admin/preview", { cookie, body: { content: "x".repeat(200_001) } })).status).toBe(400);
});
