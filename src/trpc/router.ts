import { accountRouter } from "./routers/account.js";
import { adminRouter } from "./routers/admin.js";
import { commentsAdminRouter } from "./routers/commentsAdmin.js";
import { toolsAdminRouter } from "./routers/toolsAdmin.js";
import { analyticsRouter } from "./routers/analytics.js";
import { articlesRouter } from "./routers/articles.js";
import { commentsRouter } from "./routers/comments.js";
import { contactsRouter } from "./routers/contacts.js";
import { eventsRouter } from "./routers/events.js";
import { stocksRouter } from "./routers/stocks.js";
import { tickerRouter } from "./routers/ticker.js";
import { pagesRouter } from "./routers/pages.js";
import { premiumAdminRouter } from "./routers/premiumAdmin.js";
import { searchRouter } from "./routers/search.js";
import { revisionsRouter } from "./routers/revisions.js";
import { previewsRouter } from "./routers/previews.js";
import { imagesRouter } from "./routers/images.js";
import { settingsRouter } from "./routers/settings.js";
import { unsubscribeRouter } from "./routers/unsubscribe.js";
import { newsletterRouter } from "./routers/newsletter.js";
import { premiumRouter } from "./routers/premium.js";
import { newsletterAdminRouter } from "./routers/newsletterAdmin.js";
import { partnerAdminRouter } from "./routers/partnerAdmin.js";
import { importAdminRouter } from "./routers/importAdmin.js";
import { pushRouter } from "./routers/push.js";
import { meRouter } from "./routers/me.js";
import { staffRouter } from "./routers/staff.js";
import { newsroomRouter } from "./routers/newsroom.js";
import { authorsRouter } from "./routers/authors.js";
import { liveRouter } from "./routers/live.js";
import { createCallerFactory, router } from "./trpc.js";

export const appRouter = router({
  articles: articlesRouter,
  search: searchRouter,
  comments: commentsRouter,
  ticker: tickerRouter,
  stocks: stocksRouter,
  contacts: contactsRouter,
  pages: pagesRouter,
  newsletter: newsletterRouter,
  premium: premiumRouter,
  account: accountRouter,
  admin: adminRouter,
  commentsAdmin: commentsAdminRouter,
  toolsAdmin: toolsAdminRouter,
  analytics: analyticsRouter,
  events: eventsRouter,
  premiumAdmin: premiumAdminRouter,
  settings: settingsRouter,
  unsubscribe: unsubscribeRouter,
  newsletterAdmin: newsletterAdminRouter,
  revisions: revisionsRouter,
  previews: previewsRouter,
  images: imagesRouter,
  partnerAdmin: partnerAdminRouter,
  importAdmin: importAdminRouter,
  push: pushRouter,
  me: meRouter,
  staff: staffRouter,
  newsroom: newsroomRouter,
  authors: authorsRouter,
  live: liveRouter,
});
export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
