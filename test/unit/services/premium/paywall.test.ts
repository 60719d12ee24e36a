// Where a premium article's preview ends: after its second paragraph, headings before it included, code fences whole.
import { Paywall } from "../../../../src/services/premium/paywall.js";
import { splitPreview } from "../../../../src/lib/premiumPreview.js";
import type { ArticleDto } from "../../../../src/schemas/article.js";
import { renderArticleBody } from "../../../../src/lib/markdown.js";
import { contentHash, type PaywallViews } from "../../../../src/lib/paywallViews.js";
import type { StoredPaywallViews } from "../../../../src/repositories/paywallViewsRepository.js";
import { PREMIUM_BODIES, renderedPaywallViews } from "../../../helpers/renderedPaywall.js";

/** A paywall over these stored rows (the table read by primary key), counting its reads. */
function paywallOver(rows: Map<number, StoredPaywallViews> = new Map()) {
  const reads: number[][] = [];
  const paywall = new Paywall({ stored: async (ids) => (reads.push(ids), new Map(ids.flatMap((id) => (rows.has(id) ? [[id, rows.get(id)!] as const] : [])))) });
  return { paywall, reads, rows };
}

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
  const { paywall, reads } = paywallOver();
  const free: ArticleDto = { ...base, isPremium: false, content: "a\n\nb\n\nc", contentHtml: "<p>a</p>" };
  expect(await paywall.view(free, false)).toBe(free);
  // A free article's views are never read.
  expect(reads).toEqual([]);
  const premium: ArticleDto = { ...base, id: 2, isPremium: true, content: "a\n\nb\n\nSECRET", contentHtml: "<p>a</p><p>b</p><p>SECRET</p>" };
  const preview = await paywall.view(premium, false);
  expect(preview.gated).toBe(true);
  expect(JSON.stringify(preview)).not.toContain("SECRET");
  const member = await paywall.view(premium, true);
  expect(member.contentHtml).toBe('<p>a</p>\n<p>b</p>\n<div class="paywalled-content"><p>SECRET</p></div>');
});

describe("views stored at save", () => {
  const base = { slug: "s", title: "T", excerpt: "E", author: "A", category: "air", contentTier: "premium_analysis", imageUrl: null, imageAlt: null, isBreaking: false, isPremium: true, status: "published", publishedAt: null, liveStatus: null, liveStartedAt: null, liveEndedAt: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" } as const;
  /** The article as read, its views stored in `rows` as its save stores them (or not). */
  const row = async (rows: Map<number, StoredPaywallViews>, id: number, content: string, stored: boolean): Promise<ArticleDto> => {
    const body = await renderArticleBody(content, true);
    if (stored) rows.set(id, { contentHash: contentHash(content), views: body.paywallViews! });
    return { ...base, id, content, contentHtml: body.contentHtml, headings: JSON.parse(body.headings) };
  };

  test.each(Object.entries(PREMIUM_BODIES))("%s: the preview and the member view from the stored views equal the old rendering byte for byte", async (_name, content) => {
    const { paywall, rows } = paywallOver();
    for (const [id, stored] of [[1, true], [2, false]] as const) {
      const a = await row(rows, id, content, stored);
      const expected = await renderedPaywallViews(a);
      const preview = await paywall.view(a, false);
      const member = await paywall.view(a, true);
      expect(JSON.stringify(preview)).toBe(JSON.stringify(expected.preview));
      expect(JSON.stringify(member)).toBe(JSON.stringify(expected.member));
      expect(Object.getOwnPropertySymbols(preview)).toEqual([]);
    }
  });

  test("the views come from the stored row read by id, not from a render of the body; a row of another body is not used", async () => {
    const { paywall, rows, reads } = paywallOver();
    const a = await row(rows, 3, PREMIUM_BODIES.headings, true);
    const views: PaywallViews = { previewHtml: "<p>STORED PREVIEW</p>", headings: [{ id: "stored", text: "Stored", level: 2 }], gatedHtml: "<p>STORED REST</p>" };
    rows.set(3, { contentHash: contentHash(a.content), views: JSON.stringify(views) });
    expect(await paywall.view(a, false)).toMatchObject({ contentHtml: "<p>STORED PREVIEW</p>", headings: views.headings, gated: true });
    expect((await paywall.view(a, true)).contentHtml).toBe('<p>STORED PREVIEW</p>\n<div class="paywalled-content"><p>STORED REST</p></div>');
    expect(JSON.stringify(a)).not.toContain("STORED");
    expect(reads).toEqual([[3], [3]]);
    // Stale: the hash of another body (one changed since the views were rendered) is rendered from the body read.
    rows.set(3, { contentHash: contentHash(`${a.content} `), views: JSON.stringify(views) });
    const expected = await renderedPaywallViews(a);
    expect(JSON.stringify(await paywall.view(a, false))).toBe(JSON.stringify(expected.preview));
    expect(JSON.stringify(await paywall.view(a, true))).toBe(JSON.stringify(expected.member));
  });

  test("a list reads the views of its premium articles in one read", async () => {
    const { paywall, rows, reads } = paywallOver();
    const list = [await row(rows, 4, PREMIUM_BODIES.codeFence, true), { ...(await row(rows, 5, "a\n\nb\n\nc", false)), isPremium: false }, await row(rows, 6, PREMIUM_BODIES.crlf, false)];
    const viewed = await paywall.viewAll(list, false);
    expect(reads).toEqual([[4, 6]]);
    for (const [i, a] of list.entries()) expect(JSON.stringify(viewed[i])).toBe(JSON.stringify(a.isPremium ? (await renderedPaywallViews(a)).preview : a));
  });

  test("a free article stores no views; a premium one too short to gate stores gatedHtml null", async () => {
    expect((await renderArticleBody("a\n\nb\n\nc", false)).paywallViews).toBeNull();
    expect(JSON.parse((await renderArticleBody(PREMIUM_BODIES.nothingGated, true)).paywallViews!)).toMatchObject({ gatedHtml: null });
  });
});
