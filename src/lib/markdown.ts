import type { Element, Root } from "hast";
import { headingId } from "./headingId.js";
import type { PaywallViews } from "./paywallViews.js";
import { splitPreview } from "./premiumPreview.js";

export interface Heading {
  id: string;
  text: string;
  level: number;
}
export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

/** The markdown pipeline, loaded with the first render (articles and pages are rendered when saved, so most
 *  processes that only read never load it: a few MB less resident memory). */
async function loadPipeline() {
  // One at a time: jest's ESM loader fails on concurrent dynamic imports that share dependencies.
  const { default: rehypeRaw } = await import("rehype-raw");
  const { default: rehypeSanitize, defaultSchema } = await import("rehype-sanitize");
  const { default: rehypeStringify } = await import("rehype-stringify");
  const { default: remarkGfm } = await import("remark-gfm");
  const { default: remarkParse } = await import("remark-parse");
  const { default: remarkRehype } = await import("remark-rehype");
  const { unified } = await import("unified");
  const { visit } = await import("unist-util-visit");
  const { toString } = await import("hast-util-to-string");
  const schema = {
    ...defaultSchema,
    // Links may only point to http(s), mailto or site-relative addresses.
    protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
    // HTML kept in the markdown (imported articles' definition lists, sub/superscripts…) is sanitised like the
    // rest; elements that are never content go with their text.
    strip: [...(defaultSchema.strip ?? []), "style", "template", "title", "textarea", "noscript"],
  };
  /** Gives headings their ids after sanitising (the sanitizer would prefix them) and collects them. */
  const rehypeHeadingIds = (headings: Heading[]) => () => (tree: Root) => {
    const seen = new Map<string, number>();
    visit(tree, "element", (node: Element) => {
      const match = /^h([1-6])$/.exec(node.tagName);
      if (!match) return;
      const text = toString(node).trim();
      const base = headingId(text) || "section";
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      const id = count === 0 ? base : `${base}-${count}`;
      node.properties = { ...node.properties, id };
      headings.push({ id, text, level: Number(match[1]) });
    });
  };
  return (headings: Heading[]) => unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeSanitize, schema).use(rehypeHeadingIds(headings)).use(rehypeStringify);
}
let pipeline: ReturnType<typeof loadPipeline> | undefined;

/** Markdown to sanitised HTML plus the list of headings; scripts, event handlers and javascript: links never survive. */
export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const headings: Heading[] = [];
  const file = await (await (pipeline ??= loadPipeline()))(headings).process(markdown);
  return { html: String(file), headings };
}

/** A premium article's preview and members-only rest, each rendered on its own (lib/paywallViews.ts). */
export async function renderPaywallViews(content: string): Promise<PaywallViews> {
  const { preview, rest } = splitPreview(content);
  const rendered = await renderMarkdown(preview);
  return { previewHtml: rendered.html, headings: rendered.headings, gatedHtml: rest ? (await renderMarkdown(rest)).html : null };
}

/** A premium article's stored paywall views (JSON, repositories/paywallViewsRepository.ts); null for a free one. */
export async function storedPaywallViews(content: string, isPremium: boolean): Promise<string | null> {
  return isPremium ? JSON.stringify(await renderPaywallViews(content)) : null;
}

/** An article's stored rendering of its Markdown: the sanitised HTML and its headings (JSON), saved with the text so reads never render. */
export async function renderArticleHtml(content: string): Promise<{ contentHtml: string; headings: string }> {
  const rendered = await renderMarkdown(content);
  return { contentHtml: rendered.html, headings: JSON.stringify(rendered.headings) };
}

/** The same and a premium article's paywall views, for the writers that render before their transaction (the seed, a
 *  restore from an export); the editor's and the import's saves render the views when their row is not current
 *  (PaywallViewsRepository.toStore). */
export async function renderArticleBody(content: string, isPremium: boolean): Promise<{ contentHtml: string; headings: string; paywallViews: string | null }> {
  return { ...(await renderArticleHtml(content)), paywallViews: await storedPaywallViews(content, isPremium) };
}
