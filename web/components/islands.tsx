// The interactive parts of public pages that load as islands (see web/lib/island.tsx): each is a chunk of its
// own (islands that always load together share one: articleParts.ts, siteParts.ts), hydrated when the browser
// is idle, near the viewport or at the reader's first interaction, while the server's HTML for it is complete
// from the start. A new interactive part (a paywall box, an account link) joins this list and is used like any
// component; import it from here, never from its own file, or its code lands in the first chunk again. An
// island's props should not change before it hydrates (React would then drop the server's HTML for it and render
// it in the browser), so parts a click opens (the premium dialog) wait for idle time, not for that click.
// Components do not fetch: an island that reads or writes data gets it from a hook in web/hooks/islands that only
// the island's own module imports (useCommentThread, usePremiumSubscribe, useNewsletterSignup; vite.config.ts
// keeps that folder out of the frame chunk), so neither the hook nor its polling reaches the first chunk or
// starts before the island hydrates.
import { island } from "../lib/island.js";

export const PremiumDialog = island(() => import("./siteParts.js").then((m) => m.PremiumDialog));
export const NewsletterForm = island(() => import("./NewsletterForm.js").then((m) => m.NewsletterForm));
export const ShareButtons = island(() => import("./articleParts.js").then((m) => m.ShareButtons));
export const TableOfContents = island(() => import("./articleParts.js").then((m) => m.TableOfContents));
export const Comments = island(() => import("./Comments.js").then((m) => m.Comments), { when: "visible", selector: ".comments" });
export const Footer = island(() => import("./Footer.js").then((m) => m.Footer), { when: "visible", selector: ".site-footer" });
// The breaking-news bar polls for new headlines: its code and its polling wait for idle time.
export const Ticker = island(() => import("./siteParts.js").then((m) => m.Ticker));
export const ArticleTools = island(() => import("./articleParts.js").then((m) => m.ArticleTools));
// Toasts answer what a reader did: their code waits for the first interaction.
export const Toaster = island(() => import("./toast.js").then((m) => m.Toaster), { when: "interaction" });
// A live blog's updates: server-rendered in full; its event stream opens at idle time.
export const LiveBlog = island(() => import("./liveParts.js").then((m) => m.LiveBlog));
