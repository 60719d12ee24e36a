// The only way a row becomes what a reader, a partner or a subscriber receives (issue 24): one presenter per public
// shape, each applying the paywall, privacy and draft rules for its viewer.
export * from "./viewer.js";
export * from "./article.js";
export * from "./live.js";
export * from "./comment.js";
export * from "./search.js";
export * from "./partner.js";
