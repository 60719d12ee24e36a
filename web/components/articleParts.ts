// The article page's islands, one module so they load as one file at idle time (see islands.tsx).
export { ArticleTools } from "./ArticleTools.js";
export { ShareButtons } from "./ShareButtons.js";
export { TableOfContents } from "./TableOfContents.js";
