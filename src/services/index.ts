import type { Config } from "../config.js";
import { createRepositories, type Database } from "../repositories/index.js";
import { createLogger, type Logger } from "../lib/logger.js";
import { SearchPageService } from "./search/searchPage.js";
import { SearchVocabulary } from "./search/vocabulary.js";
import { RedirectService } from "./redirects.js";
import { WordPressImporter } from "./wordpress/importer.js";
import { ImportJobs } from "./importJobs.js";
import { LeasedRunner } from "./jobRunner.js";
import { Lease } from "./lease.js";
import { randomUUID } from "node:crypto";
import { AnalyticsService } from "./analytics/index.js";
import { AppSecret } from "./appSecret.js";
import { createCacheBackend } from "../cache/index.js";
import { AudienceService } from "./audienceRecorder.js";
import { ContentEvents } from "./contentEvents.js";
import { DatabaseHealth } from "./databaseHealth.js";
import { ScheduledPublishing } from "./scheduledPublishing.js";
import { createCommentFilter } from "./commentFilter.js";
import { Mailer } from "./mailer.js";
import { SeoAuditService } from "./seoAudit.js";
import { SiteProbe } from "./siteProbe.js";
import { SiteSettingsService } from "./siteSettings.js";
import { TickerFeedService } from "./tickerFeeds.js";
import { AuthService } from "./auth.js";
import { CommentService } from "./comments.js";
import { NewsletterService } from "./newsletter.js";
import { NewsletterSender } from "./newsletterSender.js";
import { systemClock } from "../lib/clock.js";
import { PremiumService } from "./premium/signups.js";
import { Paywall } from "./premium/paywall.js";
import { PaywallFill } from "./premium/paywallFill.js";
import { ArticlePresenter } from "../presenters/article.js";
import { ReaderAccounts } from "./premium/readerAccounts.js";
import { membersAndPayments } from "./premium/membersReport.js";
import { StripeGateway } from "./premium/stripeGateway.js";
import { StripeWebhook } from "./premium/stripeWebhook.js";
import { PreviewService } from "./previews.js";
import { ImageService } from "./images.js";
import { RateLimiter, createLimiterFactory } from "./rateLimiter.js";
import { StockService } from "./stocks.js";
import { TickerService } from "./ticker.js";
import { ApiKeyService } from "./apiKeys.js";
import { WebhookService } from "./webhooks.js";
import { WebhookDispatcher } from "./webhookDispatcher.js";
import { BackupSchedule } from "./backup/schedule.js";
import { PushAlerts } from "./push/alerts.js";
import { PushSender, pushLeaseMs } from "./push/sender.js";
import { AuditLog } from "./audit.js";
import { StaffAccounts } from "./staff/staffAccounts.js";
import { Lifecycle } from "./lifecycle.js";
import { metrics } from "./metrics.js";
import { timeQueries } from "../http/metricsRoute.js";
import { LiveBlogService } from "./live/liveBlog.js";
import { LiveStreams } from "./live/liveStreams.js";

/** Everything the procedures use, built once per process (tests build their own). */
export function createServices(ds: Database, config: Config, logger: Logger = createLogger({ level: config.logLevel, pretty: config.nodeEnv === "development" })) {
  const repos = createRepositories(ds, config);
  timeQueries(repos.database);
  const failed = (queue: string, message: string) => (err: unknown) => {
    metrics.jobFailures.inc({ queue });
    logger.error({ err }, message);
  };
  const { settings } = repos;
  const clock = systemClock();
  const events = new ContentEvents((err) => logger.error({ err }, "content events: a listener failed"), repos.outbox, () => clock.now());
  const { transaction, leases } = repos;
  const appSecret = new AppSecret(config, settings);
  const seoAudit = new SeoAuditService(repos.seoAudits, config.siteUrl);
  const content = repos.withEvents(events, { staffByline: `${config.siteName} Staff`, afterArticleSave: (article) => seoAudit.auditAndStore(article) });
  const { articles, comments, pages } = content;
  const siteSettings = new SiteSettingsService(settings);
  const siteProbe = new SiteProbe(repos.sitemaps, config.siteUrl);
  const cache = createCacheBackend(config, events, logger);
  const redis = cache.redis ? { client: cache.redis, prefix: config.redisPrefix } : undefined;
  const limiter = new RateLimiter(repos.rateLimits, createLimiterFactory(repos.rateLimits, redis));
  const dbHealth = new DatabaseHealth(repos.database, (m) => logger.warn(m));
  const mailer = new Mailer(config);
  const newsletter = new NewsletterService(repos.subscribers, config, appSecret, mailer, clock, logger, events);
  const newsletterSender = new NewsletterSender(repos.newsletterIssues, repos.subscribers, leases, config, clock, appSecret, mailer, newsletter, undefined, failed("newsletter", "newsletter: send failed"));
  const { revisions } = repos;
  const stripe = config.stripe ? new StripeGateway(config.stripe, config.siteUrl) : null;
  const webhooks = new WebhookService(repos.webhooks, config, clock);
  webhooks.listen(events);
  const redirects = new RedirectService(repos.redirects, events, (err) => logger.error({ err }, "redirects: counting hits failed"));
  const { searchReads, imports } = repos;
  const wordpress = new WordPressImporter({ transaction, articles, comments, pages, redirects: redirects.repository, imports, events });
  const importJobs = new ImportJobs(imports, wordpress, transaction, failed("import", "import failed"));
  const auth = new AuthService(repos.staff, repos.adminSessions, config, settings, limiter);
  const staffAccounts = new StaffAccounts(repos.staff, repos.adminSessions, config, auth, mailer, async (slugs) => {
    for (const slug of slugs) await events.emit({ type: "author", slug });
  });
  const importRunner = new LeasedRunner(new Lease(leases, clock, "wordpress-import", randomUUID(), 2 * 60_000), importJobs, (err) => logger.error({ err }, "import runner"));
  importJobs.onQueued = () => importRunner.kick();
  const pushRepository = repos.push;
  const push = new PushAlerts(pushRepository, settings, articles, appSecret, config, clock);
  push.listen(events);
  const pushSender = new PushSender(pushRepository, push, config, clock);
  const pushRunner = new LeasedRunner(new Lease(leases, clock, "push-send", randomUUID(), pushLeaseMs(config)), pushSender, failed("push", "push: sending failed"));
  push.onQueued = () => pushRunner.kick();
  const webhookDispatcher = new WebhookDispatcher(repos.webhooks, leases, config, clock, webhooks, undefined, failed("webhooks", "webhooks: delivery failed"));
  const backups = new BackupSchedule(leases, config, clock, settings);
  const lifecycle = new Lifecycle();
  const outboxRunner = new LeasedRunner(new Lease(leases, clock, "outbox", randomUUID(), 2 * 60_000), events, failed("outbox", "outbox runner"));
  const paywallFill = new PaywallFill(repos.paywallViews, settings);
  const paywallFillRunner = new LeasedRunner(new Lease(leases, clock, "paywall-fill", randomUUID(), 2 * 60_000), paywallFill, failed("paywall-fill", "paywall fill"));
  const liveRepository = content.live;
  const live = new LiveBlogService(liveRepository, articles, events, config.siteUrl);
  articles.onLiveEnded = (articleId) => live.end(articleId);
  const liveStreams = new LiveStreams((articleId, lastSeq) => liveRepository.eventsAfter(articleId, lastSeq), (err) => logger.error({ err }, "live: reading an event gap failed"));
  // Posts, edits and deletions made here or on another instance (through Redis) reach this instance's open streams.
  events.on((change) => (change.type === "live" ? liveStreams.deliver(change.event) : undefined));
  // Shutting down: every open stream is told to reconnect (another instance answers) and closed.
  lifecycle.onShutdown(() => liveStreams.closeAll());
  return {
    /** The data layer (src/repositories): the only code that reaches the database. */
    repos,
    config,
    events,
    dbHealth,
    cache,
    scheduledPublishing: new ScheduledPublishing(repos.articleSchedule, events, (err) => logger.error({ err }, "scheduled publishing")),
    /** Releases what the services hold besides the database (Redis connections, timers). */
    async close() {
      dbHealth.stop();
      liveStreams.closeAll();
      liveStreams.stop();
      await redirects.flushHits().catch((err) => logger.error({ err }, "redirects: final hit count failed"));
      await cache.close();
      await repos.close();
    },
    logger,
    transaction,
    staffByline: `${config.siteName} Staff`,
    articles,
    /** The search page's answers and the header's suggestions. */
    search: new SearchPageService(searchReads, new SearchVocabulary(searchReads, events)),
    revisions,
    previews: new PreviewService(repos.previews, config),
    images: new ImageService(repos.media, config.mediaDir),
    comments,
    commentModeration: content.commentModeration,
    commentService: new CommentService(comments, createCommentFilter(comments)),
    contacts: content.contacts,
    pages,
    settings,
    limiter,
    auth,
    /** Staff accounts, invitations and password resets (sign-in and sessions are in auth). */
    staffAccounts,
    /** Drafts submitted for an editor's review. */
    reviewQueue: repos.reviewQueue,
    /** The append-only audit log. */
    audit: new AuditLog(repos.audit, config.auditKeepDays, (err) => logger.error({ err }, "audit: an entry could not be written")),
    appSecret,
    /** The time source of newsletter scheduling and link expiry; tests replace its `now`. */
    clock,
    newsletter,
    newsletterSender,
    mailer,
    apiKeys: new ApiKeyService(repos.apiKeys, repos.staff, clock),
    webhooks,
    webhookDispatcher,
    premium: new PremiumService(repos.premiumSignups),
    readers: new ReaderAccounts(repos.readers, repos.subscriptions, config, mailer, limiter, appSecret, transaction, logger),
    /** Stripe's API; null when payments are not configured. */
    stripe,
    /** Paying members and paid invoices for the administrator's premium screen. */
    membersAndPayments: () => membersAndPayments(repos, Boolean(stripe)),
    stripeWebhook: config.stripe ? new StripeWebhook(transaction, repos.readers, repos.subscriptions, config.stripe.prices, logger) : null,
    /** Articles as each viewer may read them (src/presenters): the paywall, the draft rule, the newsroom's fields. */
    articlePresenter: new ArticlePresenter(new Paywall(repos.paywallViews)),
    ticker: new TickerService(repos.articleSchedule, config.siteName, new TickerFeedService(config.tickerFeeds, { allowLocal: config.outboundAllowLocal, log: (m) => logger.warn(m), onChange: () => events.emit({ type: "ticker" }) })),
    stocks: new StockService(repos.stockQuotes, config, (m) => logger.warn(m), () => events.emit({ type: "stocks" })),
    audience: new AudienceService(repos.audience, config, transaction, appSecret, createLimiterFactory(repos.rateLimits, redis, { memoryWithoutRedis: true }), logger),
    seoAudit,
    /** Renders the paywall views of premium articles saved before they were stored. */
    paywallFill,
    /** Drives paywallFill once at start (a background job), one instance at a time. */
    paywallFillRunner,
    siteSettings,
    /** Old addresses answered with a 301 before the 404 page (imported WordPress permalinks, the administrator's own). */
    redirects,
    imports,
    /** The whole site's own data for the export and its restore. */
    siteData: repos.siteData,
    /** The WordPress import (the command line runs it directly; the admin screen through a durable job). */
    wordpress,
    importJobs,
    /** Drives import jobs: started with the background jobs; tests call `tick()`. */
    importRunner,
    /** Delivers content changes a listener failed on (or a stopped writer left) from the outbox. */
    outboxRunner,
    siteProbe,
    /** Breaking-news web push: subscriptions, alerts, clicks and figures. */
    push,
    /** Sends alerts; `counters` are this process's sends by outcome (also in /metrics as push_sends_total). */
    pushSender,
    /** Drives pushSender: started with the background jobs; tests call `tick()`. */
    pushRunner,
    analytics: new AnalyticsService(repos, config.siteTimezone, clock, siteSettings, siteProbe, newsletterSender, push),
    backups,
    /** The way out on SIGTERM: streams register their closing here (src/services/lifecycle.ts). */
    lifecycle,
    /** Set by the page router once installed: the route pattern of a path, for the metrics' `route` label. */
    pageRoutes: {} as { pattern?: (path: string) => string | undefined },
    /**
     * On shutdown: no job starts another step (every lease refuses to renew), and this resolves once the steps in
     * progress have finished and released their leases.
     */
    async finishJobSteps() {
      for (const lease of [newsletterSender.lease, webhookDispatcher.lease, importRunner.lease, outboxRunner.lease, backups.lease, pushRunner.lease, paywallFillRunner.lease]) lease.halt();
      await Promise.all([newsletterSender.idle(), webhookDispatcher.idle(), importRunner.idle(), outboxRunner.idle(), pushRunner.idle(), paywallFillRunner.idle()]);
    },
    /** Live blogs' posts: the newsroom's writes and the readers' reads (issue 26). */
    live,
    liveRepository,
    /** This instance's open live-blog event streams; `liveStreams.openCount()` is the number open (a gauge for /metrics). */
    liveStreams,
  };
}
export type Services = ReturnType<typeof createServices>;
