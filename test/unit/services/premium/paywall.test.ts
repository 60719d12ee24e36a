// Where a premium article's preview ends: after its second paragraph, headings before it included, code fences whole.
import { Paywall } from "../../../../src/services/premium/paywall.js";
import { splitPreview } from "../../../../src/lib/premiumPreview.js";
import type { ArticleDto } from "../../../../src/schemas/article.js";

test("the preview is everything up to the end of the second paragraph", () => {
  expect(splitPreview("## Intro\n\nOne.\n\nTwo\nstill two.\n\n## Rest\n\nThree.")).toEqual({ preview: "## Intro\n\nOne.\n\nTwo\nstill two.", rest: "## Rest\n\nThree." });
});

test("lists, quotes, tables and code fences are not paragraphs; a blank line inside a fence never splits it", () => {
  const md = "- a\n- b\n\n> quoted\n\n```\ncode\n\nmore code\n```\n\nFirst.\n\n| a | b |\n|---|---|\n\nSecond.\n\nGated.";
  expect(splitPreview(md)).toEqual({ preview: "- a\n- b\n\n> quoted\n\n```\ncode\n\nmore code\n```\n\nFirst.\n\n| a | b |\n|---|---|\n\nSecond.", rest: "Gated." });
});

test("a short premium article (two paragraphs or fewer) has nothing gated; CRLF bodies split alike", () => {
  expect(splitPreview("One.\n\nTwo.")).toEqual({ preview: "One.\n\nTwo.", rest: "" });
  expect(splitPreview("One.\r\n\r\nTwo.\r\n\r\nThree.")).toEqual({ preview: "One.\n\nTwo.", rest: "Three." });
});

test("free articles pass unchanged; a premium preview carries gated: true and none of the rest", async () => {
  const base = { id: 1, slug: "s", title: "T", excerpt: "E", author: "A", category: "air", contentTier: "premium_analysis", imageUrl: null, imageAlt: null, isBreaking: false, status: "published", publishedAt: null, liveStatus: null, liveStartedAt: null, liveEndedAt: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z", headings: [] as ArticleDto["headings"] } as const;
  const paywall = new Paywall();
  const free: ArticleDto = { ...base, isPremium: false, content: "a\n\nb\n\nc", contentHtml: "<p>a</p>" };
  expect(await paywall.view(free, false)).toBe(free);
  const premium: ArticleDto = { ...base, id: 2, isPremium: true, content: "a\n\nb\n\nSECRET", contentHtml: "<p>a</p><p>b</p><p>SECRET</p>" };
  const preview = await paywall.view(premium, false);
  expect(preview.gated).toBe(true);
  expect(JSON.stringify(preview)).not.toContain("SECRET");
  const member = await paywall.view(premium, true);
  expect(member.contentHtml).toBe('<p>a</p>\n<p>b</p>\n<div class="paywalled-content"><p>SECRET</p></div>');
});
