// The interactive parts of public pages that load as islands (see web/lib/island.tsx): each is a chunk of its
// own, hydrated when the browser is idle or when it comes near the viewport, while the server's HTML for it is
// complete from the start. A new interactive part (a paywall box, an account link) joins this list and is used
// like any component; import it from here, never from its own file, or its code lands in the first chunk again.
import { island } from "../lib/island.js";

export const PremiumDialog = island(() => import("./PremiumDialog.js").then((m) => m.PremiumDialog));
export const NewsletterForm = island(() => import("./NewsletterForm.js").then((m) => m.NewsletterForm));
export const ShareButtons = island(() => import("./ShareButtons.js").then((m) => m.ShareButtons));
export const TableOfContents = island(() => import("./TableOfContents.js").then((m) => m.TableOfContents));
export const Comments = island(() => import("./Comments.js").then((m) => m.Comments), { when: "visible", selector: ".comments" });
export const Footer = island(() => import("./Footer.js").then((m) => m.Footer));
export const ArticleTools = island(() => import("./ArticleTools.js").then((m) => m.ArticleTools));
export const Toaster = island(() => import("./toast.js").then((m) => m.Toaster));
