// The data layer's one entrance for the composition root: every repository built on one DataSource. Nothing above
// this layer holds the DataSource (the boot in main.ts creates and closes it; src/dataSource.ts defines it).
import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import type { Article } from "../entities/Article.js";
import type { ContentEvents } from "../services/contentEvents.js";
import { ArticleRepository } from "./articleRepository.js";
import { closeSearchEngine, configureSearchEngine } from "./articleSearch.js";
import { closeReadThreads, configureReadThreads } from "./readThreads.js";
import { ArticleSchedule } from "./articleSchedule.js";
import { CommentModeration } from "./commentModeration.js";
import { CommentRepository } from "./commentRepository.js";
import { ContactRepository } from "./contactRepository.js";
import { ImportRepository } from "./importRepository.js";
import { LiveRepository } from "./liveRepository.js";
import { OutboxRepository } from "./outboxRepository.js";
import { PageRepository } from "./pageRepository.js";
import { PushRepository } from "./pushRepository.js";
import { RedirectRepository } from "./redirectRepository.js";
import { ReviewQueue } from "./reviewQueue.js";
import { RevisionRepository } from "./revisionRepository.js";
import { SearchReads } from "./searchReads.js";
import { SettingRepository } from "./settingRepository.js";
import { SiteDataRepository } from "./siteData.js";
import { AdminSessionRepository } from "./adminSessionRepository.js";
import { ApiKeyRepository } from "./apiKeyRepository.js";
import { AuditRepository } from "./auditRepository.js";
import { AudienceFigures } from "./audienceFigures.js";
import { AudienceRepository } from "./audienceRepository.js";
import { DatabaseStatus } from "./databaseStatus.js";
import { LeaseRepository } from "./leaseRepository.js";
import { MediaRepository } from "./mediaRepository.js";
import { NewsletterIssueRepository } from "./newsletterIssueRepository.js";
import { PaymentFigures } from "./paymentFigures.js";
import { PremiumSignupRepository } from "./premiumSignupRepository.js";
import { PreviewRepository } from "./previewRepository.js";
import { RateLimitStore } from "./rateLimitStore.js";
import { ReaderRepository } from "./readerRepository.js";
import { SeoAuditRepository } from "./seoAuditRepository.js";
import { PaywallViewsRepository } from "./paywallViewsRepository.js";
import { SitemapReads } from "./sitemapReads.js";
import { StaffRepository } from "./staffRepository.js";
import { StockQuoteRepository } from "./stockQuoteRepository.js";
import { SubscriberRepository } from "./subscriberRepository.js";
import { SubscriptionRepository } from "./subscriptionRepository.js";
import { createTransactionRunner } from "./transaction.js";
import { WebhookRepository } from "./webhookRepository.js";

/** The handle of the database the repositories are built on: the boot passes it through, nothing else opens it. */
export type Database = DataSource;

/** What the content repositories need besides the database (see `withEvents`). */
export interface ContentWiring {
  /** The byline of articles saved without an author. */
  staffByline: string;
  /** Runs after every successful article save (the SEO audit is stored this way). */
  afterArticleSave: (article: Article) => Promise<void>;
}

/** Every repository of one database. */
export function createRepositories(ds: Database, config: Pick<Config, "searchEngine" | "readThreads" | "revisionsKeep" | "siteName" | "dataDir">) {
  configureSearchEngine(ds, config.searchEngine, config);
  configureReadThreads(ds, config.readThreads);
  const transaction = createTransactionRunner(ds);
  const revisions = new RevisionRepository(ds, config.revisionsKeep);
  return {
    /** Runs a unit of work in one transaction (serialised on SQLite); services hand its Tx to repository calls. */
    transaction,
    settings: new SettingRepository(ds),
    outbox: new OutboxRepository(ds),
    revisions,
    redirects: new RedirectRepository(ds),
    searchReads: new SearchReads(ds),
    imports: new ImportRepository(ds),
    siteData: new SiteDataRepository(ds),
    reviewQueue: new ReviewQueue(ds),
    push: new PushRepository(ds, transaction),
    database: new DatabaseStatus(ds),
    leases: new LeaseRepository(ds),
    subscribers: new SubscriberRepository(ds),
    newsletterIssues: new NewsletterIssueRepository(ds),
    webhooks: new WebhookRepository(ds),
    readers: new ReaderRepository(ds),
    subscriptions: new SubscriptionRepository(ds),
    premiumSignups: new PremiumSignupRepository(ds),
    audience: new AudienceRepository(ds),
    audienceFigures: new AudienceFigures(ds),
    paymentFigures: new PaymentFigures(ds),
    seoAudits: new SeoAuditRepository(ds),
    paywallViews: new PaywallViewsRepository(ds),
    sitemaps: new SitemapReads(ds),
    articleSchedule: new ArticleSchedule(ds),
    stockQuotes: new StockQuoteRepository(ds),
    previews: new PreviewRepository(ds),
    media: new MediaRepository(ds),
    rateLimits: new RateLimitStore(ds),
    staff: new StaffRepository(ds),
    adminSessions: new AdminSessionRepository(ds),
    apiKeys: new ApiKeyRepository(ds),
    audit: new AuditRepository(ds),
    /** Stops what the repositories run beside the database connection (SQLite's read threads). */
    close: () => Promise.all([closeReadThreads(ds), closeSearchEngine(ds)]).then(() => undefined),
    /** The content repositories: each announces its changes on `events` (which stores them in the outbox above). */
    withEvents(events: ContentEvents, wiring: ContentWiring) {
      return {
        articles: new ArticleRepository(ds, wiring.staffByline, events, wiring.afterArticleSave, revisions, transaction),
        comments: new CommentRepository(ds, events),
        commentModeration: new CommentModeration(ds, events),
        contacts: new ContactRepository(ds, events),
        pages: new PageRepository(ds, config.siteName, events),
        live: new LiveRepository(ds, transaction, events),
      };
    },
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
