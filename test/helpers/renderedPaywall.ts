// The paywall's views as it rendered them on every first read before they were stored at save (src/services/premium/
// paywall.ts up to integ 57a895a, without its cache): the reference the stored views must equal byte for byte.
import { renderMarkdown } from "../../src/lib/markdown.js";
import { splitPreview } from "../../src/lib/premiumPreview.js";
import type { ArticleDto } from "../../src/schemas/article.js";
import { GATED_CLASS } from "../../src/schemas/constants.js";

export async function renderedPaywallViews(a: ArticleDto): Promise<{ preview: ArticleDto; member: ArticleDto }> {
  const { preview, rest } = splitPreview(a.content);
  const previewHtml = await renderMarkdown(preview);
  const restHtml = rest ? await renderMarkdown(rest) : null;
  return {
    preview: { ...a, content: preview, contentHtml: previewHtml.html, headings: previewHtml.headings, gated: Boolean(rest) },
    member: restHtml ? { ...a, contentHtml: `${previewHtml.html}\n<div class="${GATED_CLASS}">${restHtml.html}</div>`, gated: false } : { ...a, gated: false },
  };
}

/** Premium bodies that try the split: headings in the preview, a heading named twice (ids), code fences with blank
 *  lines, nothing gated, CRLF line ends, raw HTML and a table. */
export const PREMIUM_BODIES = {
  headings: "## Overview\n\nThe first free paragraph.\n\n### Detail\n\nThe second free paragraph.\n\n## Overview\n\nMembers only: the *rest*.\n\n### Detail\n\nMore for members.",
  codeFence: "Intro paragraph.\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nSecond paragraph with `code`.\n\n```\nmembers' code\n\nstill code\n```\n\nThe end.",
  nothingGated: "## Short\n\nOnly one paragraph.\n\nAnd a second one.",
  crlf: "First.\r\n\r\nSecond, with a [link](/category/land).\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n\r\nThird <sup>gated</sup>.",
} as const;
