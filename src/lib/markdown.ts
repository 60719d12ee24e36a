import type { Element, Root } from "hast";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { toString } from "hast-util-to-string";
import { headingId } from "./headingId.js";

export interface Heading {
  id: string;
  text: string;
  level: number;
}
export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

const schema = {
  ...defaultSchema,
  // Links may only point to http(s), mailto or site-relative addresses.
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: ["http", "https"] },
};

/** Gives headings their ids after sanitising (the sanitizer would prefix them) and collects them. */
function rehypeHeadingIds(headings: Heading[]) {
  return () => (tree: Root) => {
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
}

/** Markdown to sanitised HTML plus the list of headings; scripts, event handlers and javascript: links never survive. */
export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const headings: Heading[] = [];
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, schema)
    .use(rehypeHeadingIds(headings))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), headings };
}
