// Where a premium article's preview ends: after its second paragraph, headings before it included, code fences whole.
import { Paywall } from "../../../../src/services/premium/paywall.js";
import { splitPreview } from "../../../../src/lib/premiumPreview.js";
import type { ArticleDto } from "../../../../src/schemas/article.js";
import { renderArticleBody } from "../../../../src/lib/markdown.js";
import { STORED_PAYWALL_VIEWS, type PaywallViews, type WithStoredPaywallViews } from "../../../../src/lib/paywallViews.js";
import { PREMIUM_BODIES, renderedPaywallViews } from "../../../helpers/renderedPaywall.js";

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

describe("views stored at save", () => {
  const base = { slug: "s", title: "T", excerpt: "E", author: "A", category: "air", contentTier: "premium_analysis", imageUrl: null, imageAlt: null, isBreaking: false, isPremium: true, status: "published", publishedAt: null, liveStatus: null, liveStartedAt: null, liveEndedAt: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" } as const;
  const row = async (id: number, content: string, stored: boolean): Promise<ArticleDto> => {
    const body = await renderArticleBody(content, true);
    const dto: ArticleDto & WithStoredPaywallViews = { ...base, id, content, contentHtml: body.contentHtml, headings: JSON.parse(body.headings) };
    if (stored) dto[STORED_PAYWALL_VIEWS] = body.paywallViews;
    return dto;
  };

  test.each(Object.entries(PREMIUM_BODIES))("%s: the preview and the member view from the stored views equal the old rendering byte for byte", async (_name, content) => {
    const paywall = new Paywall();
    for (const [id, stored] of [[1, true], [2, false]] as const) {
      const a = await row(id, content, stored);
      const expected = await renderedPaywallViews(a);
      const preview = await paywall.view(a, false);
      const member = await paywall.view(a, true);
      expect(JSON.stringify(preview)).toBe(JSON.stringify(expected.preview));
      expect(JSON.stringify(member)).toBe(JSON.stringify(expected.member));
      expect(Object.getOwnPropertySymbols(preview)).toEqual([]);
    }
  });

  test("the views come from the stored column, not from a render of the body", async () => {
    const a = await row(3, PREMIUM_BODIES.headings, true);
    const views: PaywallViews = { previewHtml: "<p>STORED PREVIEW</p>", headings: [{ id: "stored", text: "Stored", level: 2 }], gatedHtml: "<p>STORED REST</p>" };
    (a as WithStoredPaywallViews)[STORED_PAYWALL_VIEWS] = JSON.stringify(views);
    const paywall = new Paywall();
    expect(await paywall.view(a, false)).toMatchObject({ contentHtml: "<p>STORED PREVIEW</p>", headings: views.headings, gated: true });
    expect((await paywall.view(a, true)).contentHtml).toBe('<p>STORED PREVIEW</p>\n<div class="paywalled-content"><p>STORED REST</p></div>');
    expect(JSON.stringify(a)).not.toContain("STORED");
  });

  test("a free article stores no views; a premium one too short to gate stores gatedHtml null", async () => {
    expect((await renderArticleBody("a\n\nb\n\nc", false)).paywallViews).toBeNull();
    expect(JSON.parse((await renderArticleBody(PREMIUM_BODIES.nothingGated, true)).paywallViews!)).toMatchObject({ gatedHtml: null });
  });
});
