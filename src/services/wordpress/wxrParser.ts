// A streaming reader of WordPress's export format (WXR 1.0–1.2: RSS 2.0 with the wp:, content:, excerpt: and
// dc: namespaces). saxes parses without a DTD: no entity is ever expanded except XML's five and character
// references, and any DOCTYPE is refused outright, so entity tricks (billion laughs, external entities) cannot
// start. Every node is capped while it streams in: no single piece of markup or text may run past
// `maxNodeChars` before the parser reports it, so a 100 MB node is refused after reading a few MB of it.
import type { SaxesTagNS } from "saxes";
import { PayloadTooLargeError, ValidationError } from "../../lib/errors.js";

export interface WxrLimits {
  /** Characters the whole file may have. */
  maxFileChars: number;
  /** Characters one node (a text, an attribute, a comment, one tag) or one element's text may have. */
  maxNodeChars: number;
  /** Characters one <item> may span, comments and meta included. */
  maxItemChars: number;
  maxItems: number;
}

export const DEFAULT_WXR_LIMITS: WxrLimits = { maxFileChars: 256 * 1024 * 1024, maxNodeChars: 4 * 1024 * 1024, maxItemChars: 16 * 1024 * 1024, maxItems: 200_000 };
const MAX_DEPTH = 32;

/** The file is not one we can import: the message says why, for the administrator (400) or the terminal. */
export class WxrError extends ValidationError {
  constructor(message: string) {
    super(message, [{ path: "file", message }]);
  }
}

/** The file is over the size limit (413): import it from the command line. */
export class WxrTooLargeError extends PayloadTooLargeError {}

export interface WxrTerm {
  slug: string;
  name: string;
  parent: string;
}
export interface WxrAuthor {
  login: string;
  displayName: string;
}
export interface WxrComment {
  id: string;
  author: string;
  authorEmail: string;
  dateGmt: string;
  date: string;
  content: string;
  approved: string;
  type: string;
}
export interface WxrItem {
  title: string;
  link: string;
  guid: string;
  creator: string;
  content: string;
  excerpt: string;
  postId: string;
  postDate: string;
  postDateGmt: string;
  postModifiedGmt: string;
  postName: string;
  status: string;
  postParent: string;
  postType: string;
  postPassword: string;
  isSticky: boolean;
  attachmentUrl: string;
  /** The item's categories and tags (domain "category" or "post_tag"). */
  terms: { domain: string; slug: string; name: string }[];
  meta: Record<string, string>;
  comments: WxrComment[];
}
export interface WxrChannel {
  title: string;
  link: string;
  baseBlogUrl: string;
  wxrVersion: string;
  authors: WxrAuthor[];
  categories: WxrTerm[];
  tags: WxrTerm[];
}

const NAMESPACES: [RegExp, string][] = [
  [/^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/excerpt\/$/, "excerpt"],
  [/^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/$/, "wp"],
  [/^http:\/\/purl\.org\/rss\/1\.0\/modules\/content\/$/, "content"],
  [/^http:\/\/purl\.org\/dc\/elements\/1\.1\/$/, "dc"],
];
const keyOf = (tag: SaxesTagNS) => {
  if (!tag.uri) return tag.local;
  const known = NAMESPACES.find(([re]) => re.test(tag.uri));
  return known ? `${known[1]}:${tag.local}` : `?:${tag.local}`;
};

const ITEM_FIELDS: Record<string, Exclude<keyof WxrItem, "terms" | "meta" | "comments" | "isSticky">> = {
  title: "title", link: "link", guid: "guid", "dc:creator": "creator", "content:encoded": "content", "excerpt:encoded": "excerpt",
  "wp:post_id": "postId", "wp:post_date": "postDate", "wp:post_date_gmt": "postDateGmt", "wp:post_modified_gmt": "postModifiedGmt",
  "wp:post_name": "postName", "wp:status": "status", "wp:post_parent": "postParent", "wp:post_type": "postType",
  "wp:post_password": "postPassword", "wp:attachment_url": "attachmentUrl",
};
const COMMENT_FIELDS: Record<string, keyof WxrComment> = {
  "wp:comment_id": "id", "wp:comment_author": "author", "wp:comment_author_email": "authorEmail", "wp:comment_date_gmt": "dateGmt",
  "wp:comment_date": "date", "wp:comment_content": "content", "wp:comment_approved": "approved", "wp:comment_type": "type",
};

const emptyItem = (): WxrItem => ({
  title: "", link: "", guid: "", creator: "", content: "", excerpt: "", postId: "", postDate: "", postDateGmt: "", postModifiedGmt: "",
  postName: "", status: "", postParent: "", postType: "", postPassword: "", isSticky: false, attachmentUrl: "", terms: [], meta: {}, comments: [],
});
const emptyComment = (): WxrComment => ({ id: "", author: "", authorEmail: "", dateGmt: "", date: "", content: "", approved: "", type: "" });

/** Reads a WXR file as it streams; each complete <item> goes to `onItem` (awaited) in file order. Throws WxrError on anything else. */
export async function readWxr(input: AsyncIterable<string | Buffer> | Iterable<string | Buffer>, onItem: (item: WxrItem, index: number) => unknown, limits: WxrLimits = DEFAULT_WXR_LIMITS): Promise<WxrChannel & { items: number }> {
  const channel: WxrChannel = { title: "", link: "", baseBlogUrl: "", wxrVersion: "", authors: [], categories: [], tags: [] };
  // Loaded by the first file read, not at the boot.
  const { SaxesParser } = await import("saxes");
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: { key: string; text: string }[] = [];
  const ready: WxrItem[] = [];
  let item: WxrItem | null = null;
  let comment: WxrComment | null = null;
  let term: Record<string, string> | null = null;
  let meta: { key: string; value: string } | null = null;
  let itemCount = 0;
  let itemStartedAt = 0;
  let fed = 0;
  let sinceEvent = 0;
  let rootSeen = false;

  const fail = (message: string): never => {
    throw new WxrError(message);
  };
  const event = () => {
    sinceEvent = 0;
  };
  const addText = (text: string) => {
    event();
    const top = stack.at(-1);
    if (!top) return;
    top.text += text;
    if (top.text.length > limits.maxNodeChars) fail(`An element (<${top.key}>) is larger than ${mb(limits.maxNodeChars)}: refused`);
  };

  parser.on("doctype", () => fail("The file has a DOCTYPE declaration: WordPress exports have none, and entity declarations are refused"));
  parser.on("xmldecl", (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) fail(`The file is encoded as ${decl.encoding}: only UTF-8 exports are read`);
  });
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("opentag", (tag) => {
    event();
    const key = keyOf(tag);
    if (!rootSeen) {
      rootSeen = true;
      if (key !== "rss") fail("This is not a WordPress export (WXR) file: its root element is not <rss>");
    }
    if (stack.length >= MAX_DEPTH) fail(`Elements are nested more than ${MAX_DEPTH} deep`);
    const parent = stack.at(-1)?.key;
    stack.push({ key, text: "" });
    if (key === "item" && parent === "channel") {
      if (++itemCount > limits.maxItems) fail(`The file has more than ${limits.maxItems} items`);
      item = emptyItem();
      itemStartedAt = fed;
    } else if (item && key === "wp:comment") comment = emptyComment();
    else if (item && key === "wp:postmeta") meta = { key: "", value: "" };
    else if (!item && ["wp:author", "wp:category", "wp:tag"].includes(key)) term = {};
    else if (item && key === "category" && !comment) {
      const attr = (name: string) => String(tag.attributes[name]?.value ?? "");
      item.terms.push({ domain: attr("domain"), slug: attr("nicename"), name: "" });
    }
  });
  parser.on("closetag", (tag) => {
    event();
    const { key, text } = stack.pop()!;
    if (key !== keyOf(tag)) return;
    if (item) {
      if (key === "item") {
        if (!item.guid) item.guid = item.link || `post-${item.postId}`;
        ready.push(item);
        item = null;
      } else if (comment) {
        if (key === "wp:comment") {
          item.comments.push(comment);
          comment = null;
        } else if (COMMENT_FIELDS[key] && stack.at(-1)?.key === "wp:comment") comment[COMMENT_FIELDS[key]] = text;
      } else if (meta) {
        if (key === "wp:postmeta") {
          item.meta[meta.key] = meta.value;
          meta = null;
        } else if (key === "wp:meta_key") meta.key = text;
        else if (key === "wp:meta_value") meta.value = text;
      } else if (key === "category") item.terms.at(-1)!.name = text;
      else if (key === "wp:is_sticky") item.isSticky = text.trim() === "1";
      else if (ITEM_FIELDS[key] && stack.at(-1)?.key === "item") item[ITEM_FIELDS[key]] = text;
      return;
    }
    if (term) {
      if (key === "wp:author") channel.authors.push({ login: term["wp:author_login"] ?? "", displayName: term["wp:author_display_name"] || term["wp:author_login"] || "" });
      else if (key === "wp:category") channel.categories.push({ slug: term["wp:category_nicename"] ?? "", name: term["wp:cat_name"] ?? "", parent: term["wp:category_parent"] ?? "" });
      else if (key === "wp:tag") channel.tags.push({ slug: term["wp:tag_slug"] ?? "", name: term["wp:tag_name"] ?? "", parent: "" });
      else term[key] = text.trim();
      if (["wp:author", "wp:category", "wp:tag"].includes(key)) term = null;
      return;
    }
    const parent = stack.at(-1)?.key;
    if (parent !== "channel") return;
    if (key === "wp:wxr_version") channel.wxrVersion = text.trim();
    else if (key === "title") channel.title = text.trim();
    else if (key === "link") channel.link = text.trim();
    else if (key === "wp:base_blog_url") channel.baseBlogUrl = text.trim();
  });
  // Comments and processing instructions are events too: they end a node.
  parser.on("comment", event);
  parser.on("processinginstruction", event);

  const feed = (chunk: string) => {
    // Feed in slices, so the guard below sees a runaway node within one slice of the limit.
    for (let i = 0; i < chunk.length; i += 64 * 1024) {
      const slice = chunk.slice(i, i + 64 * 1024);
      fed += slice.length;
      if (fed > limits.maxFileChars) throw new WxrTooLargeError(`The file is larger than ${mb(limits.maxFileChars)}`);
      sinceEvent += slice.length;
      try {
        parser.write(slice);
      } catch (error) {
        if (error instanceof WxrError) throw error;
        fail(`The file is not well-formed XML: ${cleanSaxesMessage(error)}`);
      }
      if (sinceEvent > limits.maxNodeChars) fail(`A single node of the XML is larger than ${mb(limits.maxNodeChars)}: refused`);
      if (item && fed - itemStartedAt > limits.maxItemChars) fail(`An <item> is larger than ${mb(limits.maxItemChars)}: refused`);
    }
  };

  const decoder = new TextDecoder("utf-8");
  let index = 0;
  for await (const chunk of input) {
    feed(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    while (ready.length) await onItem(ready.shift()!, index++);
  }
  feed(decoder.decode());
  if (!rootSeen) fail("The file is empty or is not XML: a WordPress export (WXR) file was expected");
  try {
    parser.close();
  } catch (error) {
    fail(`The file ends before its XML is complete (truncated?): ${cleanSaxesMessage(error)}`);
  }
  if (!/^1\.[0-2]$/.test(channel.wxrVersion)) fail("This is not a WordPress export (WXR 1.0–1.2) file: <wp:wxr_version> is missing or unknown");
  while (ready.length) await onItem(ready.shift()!, index++);
  return { ...channel, items: itemCount };
}

const mb = (chars: number) => `${Math.round(chars / (1024 * 1024))} MB`;
/** saxes prefixes its messages with the position ("1:5: …"): keep it, as "line 1, column 5". */
const cleanSaxesMessage = (error: unknown) => String(error instanceof Error ? error.message : error).replace(/^(\d+):(\d+): /, "line $1, column $2: ").slice(0, 300);
