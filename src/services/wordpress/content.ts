// WordPress post bodies (classic HTML with its implicit paragraphs, Gutenberg block markup, shortcodes) to our
// markdown, with turndown and its GFM plugin (tables, strikethrough, task lists). What markdown cannot say but
// our sanitiser keeps (sub/superscript, definition lists, details, complex tables…) is kept as HTML in the
// markdown; media players and embeds become links; scripts, styles and forms are removed. Nothing is dropped
// without a note: the import's report lists what was kept as HTML and what was changed.
import { decodeHTML } from "entities";
import type TurndownService from "turndown";

/** Elements our sanitiser lets through that markdown has no syntax for: kept as HTML. */
const KEPT = ["sub", "sup", "kbd", "samp", "var", "q", "ins", "dl", "details", "ruby", "tt"];
/** Players and frames: the sanitiser would drop them, so each becomes a link to what it showed. */
const MEDIA = ["iframe", "video", "audio", "embed", "object"];
/** Never content: removed, and counted in the report. */
const REMOVED = ["script", "style", "noscript", "form", "input", "button", "select", "textarea", "template", "canvas", "svg"];
const BLOCK_ELEMENTS = new Set(
  "table thead tfoot caption col colgroup tbody tr td th div dl dd dt ul ol li pre form map area blockquote address math style p h1 h2 h3 h4 h5 h6 hr fieldset legend section article aside hgroup header footer nav figure figcaption details menu summary iframe video audio object embed script noscript".split(" "),
);
const VOID_ELEMENTS = new Set(["hr", "col", "area", "embed"]);

export interface Attachment {
  url: string;
  title: string;
  alt: string;
  parent: string;
}

export interface ConvertContext {
  /** The post's WordPress id: `[gallery]` without ids shows the images attached to it. */
  postId: string;
  attachments: ReadonlyMap<string, Attachment>;
  /** The address an image is served from here (an imported copy), or undefined to keep its URL. */
  imageUrl?: (url: string) => string | undefined;
}

export interface ConvertedBody {
  markdown: string;
  /** Element names kept as HTML. */
  keptHtml: string[];
  /** What was changed on the way: players turned into links, removed scripts, shortcodes and blocks left out. */
  notes: string[];
}

/** Plain text of a bit of HTML (titles, excerpts, comments): tags removed, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return decodeHTML(html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6])>/gi, "\n").replace(/<[^>]*>/g, ""))
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/\s*\n\s*/g, "\n")
    .trim();
}

/** The text of the first paragraph of a body, for an excerpt. */
export function firstParagraph(html: string): string {
  for (const block of autoParagraphs(stripBlockComments(html)).split(/<\/p>/i)) {
    const text = htmlToText(block.replace(/^[\s\S]*?<p[^>]*>/i, "")).replace(/\n/g, " ");
    if (text) return text;
  }
  return "";
}

const stripBlockComments = (html: string) => html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, "");

/**
 * WordPress's wpautop, as far as content needs it: classic posts store paragraphs as blank lines and line
 * breaks as newlines, and WordPress adds the <p> and <br> when it shows them. Only text and inline markup
 * outside block elements is wrapped; blocks (lists, tables, preformatted text…) are left as they are.
 */
export function autoParagraphs(html: string): string {
  const out: string[] = [];
  let inline = "";
  let depth = 0;
  const flush = () => {
    for (const para of inline.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
      const text = para.trim();
      if (text) out.push(`<p>${text.replace(/\n/g, "<br>\n")}</p>`);
    }
    inline = "";
  };
  for (const [token, close, name] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|<!--[\s\S]*?-->|[^<]+|</g)) {
    const isBlock = name !== undefined && BLOCK_ELEMENTS.has(name.toLowerCase());
    if (depth === 0 && !isBlock) {
      inline += token;
      continue;
    }
    if (depth === 0) flush();
    out.push(token);
    if (isBlock && !VOID_ELEMENTS.has(name.toLowerCase()) && !token.endsWith("/>")) depth = Math.max(0, depth + (close ? -1 : 1));
  }
  flush();
  return out.join("\n");
}

const attr = (source: string, name: string) => new RegExp(`\\b${name}=(["'])(.*?)\\1`, "i").exec(source)?.[2] ?? "";
const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Shortcodes WordPress expands when it shows a post: captions, galleries, players and embeds. Others are left as text and noted. */
function expandShortcodes(html: string, ctx: ConvertContext, notes: Set<string>): string {
  const image = (a: Attachment) => `<img src="${escapeAttr(a.url)}" alt="${escapeAttr(a.alt || a.title)}">`;
  return html
    .replace(/\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g, (_m, attrs: string, inner: string) => {
      const media = /^\s*(<a[^>]*>\s*)?<img[^>]*>(\s*<\/a>)?/i.exec(inner)?.[0] ?? "";
      const caption = inner.slice(media.length).trim() || attr(attrs, "caption");
      return `<figure>${media}<figcaption>${caption}</figcaption></figure>`;
    })
    .replace(/\[gallery([^\]]*)\]/g, (_m, attrs: string) => {
      const ids = attr(attrs, "ids").split(",").map((id) => id.trim()).filter(Boolean);
      const images = ids.length ? ids.map((id) => ctx.attachments.get(id)).filter((a): a is Attachment => Boolean(a)) : [...ctx.attachments.values()].filter((a) => a.parent === ctx.postId);
      if (!images.length) notes.add("a [gallery] whose images are not in the file was left out");
      return images.map((a) => `<p>${image(a)}</p>`).join("\n");
    })
    .replace(/\[(video|audio|embed|playlist)([^\]]*)\]([\s\S]*?)\[\/\1\]|\[(video|audio|playlist)([^\]]*)\]/g, (m, kind: string, attrs: string, inner: string, kind2: string, attrs2: string) => {
      const a = attrs ?? attrs2 ?? "";
      const url = (inner ?? "").trim() || attr(a, "src") || attr(a, "mp4") || attr(a, "mp3");
      notes.add(`[${kind ?? kind2}] players became links`);
      return url ? `<p><a href="${escapeAttr(url)}">${escapeAttr(url)}</a></p>` : "";
    })
    .replace(/\[([a-z][a-z0-9_-]*)(?=[\s\]])[^\]]*\]/gi, (m, name: string) => {
      notes.add(`the shortcode [${name}] has no equivalent here and was left as text`);
      return m;
    });
}

/**
 * Whether a table has no markdown form: no heading row (GFM tables need one), merged cells, or cells holding
 * blocks (lists, paragraphs, nested tables).
 */
function tableNeedsHtml(table: HTMLTableElement): boolean {
  const first = table.rows[0];
  const headed = first && (first.parentNode?.nodeName === "THEAD" || [...first.cells].every((cell) => cell.nodeName === "TH"));
  if (!headed) return true;
  for (const cell of table.querySelectorAll("td, th")) {
    if (Number(cell.getAttribute("colspan") ?? 1) > 1 || Number(cell.getAttribute("rowspan") ?? 1) > 1) return true;
    if (cell.querySelector("ul, ol, table, pre, blockquote, h1, h2, h3, h4, h5, h6, dl") || cell.querySelectorAll("p").length > 1) return true;
  }
  return false;
}

/** Turndown is loaded by the first import of a WordPress file, not at the boot. */
export async function createBodyConverter() {
  const [{ default: Turndown }, { gfm }] = await Promise.all([import("turndown"), import("turndown-plugin-gfm")]);
  let kept = new Set<string>();
  let notes = new Set<string>();
  let context: ConvertContext = { postId: "", attachments: new Map() };
  const service = new Turndown({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", emDelimiter: "*", hr: "---" });
  service.use(gfm);
  service.addRule("kept", {
    filter: (node) => KEPT.includes(node.nodeName.toLowerCase()) || (node.nodeName === "TABLE" && tableNeedsHtml(node as HTMLTableElement)),
    replacement: (_content, node) => {
      kept.add(node.nodeName.toLowerCase());
      // One HTML block: a blank line inside it would end it early.
      const html = (node as HTMLElement).outerHTML.replace(/\n\s*\n/g, "\n");
      return (node as HTMLElement & { isBlock?: boolean }).isBlock ? `\n\n${html}\n\n` : html;
    },
  });
  service.addRule("media", {
    filter: MEDIA as TurndownService.TagName[],
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const src = el.getAttribute("src") || el.getAttribute("data") || el.querySelector("source")?.getAttribute("src") || "";
      notes.add(`${el.nodeName.toLowerCase()} players became links`);
      return src ? `\n\n[${el.getAttribute("title") || src}](${src})\n\n` : "";
    },
  });
  service.addRule("removed", {
    filter: REMOVED as TurndownService.TagName[],
    replacement: (_content, node) => {
      notes.add(`${node.nodeName.toLowerCase()} elements were removed`);
      return "";
    },
  });
  // Preformatted text without <code> (poems, ASCII art): a fenced block keeps it verbatim.
  service.addRule("pre", {
    filter: (node) => node.nodeName === "PRE" && node.firstChild?.nodeName !== "CODE",
    replacement: (_content, node) => {
      const text = node.textContent ?? "";
      const fence = "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map(([m]) => m.length + 1)));
      return `\n\n${fence}\n${text.replace(/\n$/, "")}\n${fence}\n\n`;
    },
  });
  service.addRule("figcaption", { filter: "figcaption", replacement: (content) => (content.trim() ? `\n\n*${content.trim()}*\n\n` : "") });
  service.addRule("image", {
    filter: "img",
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const src = el.getAttribute("src") ?? "";
      if (!src) return "";
      const url = context.imageUrl?.(src) ?? src;
      const alt = (el.getAttribute("alt") ?? "").replace(/[[\]\\]/g, "\\$&");
      return `![${alt}](${url.replace(/[()\s]/g, encodeURIComponent)})`;
    },
  });

  /** Converts one post body; `notes` and `keptHtml` say what did not come over as plain markdown. */
  return function convert(html: string, ctx: ConvertContext): ConvertedBody {
    kept = new Set();
    notes = new Set();
    context = ctx;
    const dynamic = [...new Set([...html.matchAll(/<!--\s*wp:([a-z0-9/-]+)[^>]*?\/-->/g)].map(([, name]) => `wp:${name}`))];
    if (dynamic.length) notes.add(`blocks that WordPress builds when it shows a page have no content to import: ${dynamic.join(", ")}`);
    const isBlocks = /<!--\s*wp:/.test(html);
    let prepared = expandShortcodes(html.replace(/<!--more(.*?)?-->/g, "").replace(/<!--nextpage-->/g, "<hr>"), ctx, notes);
    prepared = isBlocks ? stripBlockComments(prepared) : autoParagraphs(prepared);
    const markdown = service
      .turndown(prepared)
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    return { markdown, keptHtml: [...kept].sort(), notes: [...notes].sort() };
  };
}
export type BodyConverter = Awaited<ReturnType<typeof createBodyConverter>>;

/** The image addresses a body uses, so their copies can be made before converting. */
export function imageUrlsIn(html: string, ctx: Pick<ConvertContext, "attachments" | "postId">): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = attr(tag, "src");
    if (src) urls.add(decodeHTML(src));
  }
  for (const [, attrs] of html.matchAll(/\[gallery([^\]]*)\]/g)) {
    const ids = attr(attrs, "ids").split(",").map((id) => id.trim()).filter(Boolean);
    const images = ids.length ? ids.map((id) => ctx.attachments.get(id)) : [...ctx.attachments.values()].filter((a) => a.parent === ctx.postId);
    for (const a of images) if (a) urls.add(a.url);
  }
  return [...urls];
}
