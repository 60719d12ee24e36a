// The data layer's one entrance for the composition root: every repository built on one DataSource.
import type { DataSource } from "typeorm";
import { ArticleSchedule } from "./articleSchedule.js";
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
import { SitemapReads } from "./sitemapReads.js";
import { StaffRepository } from "./staffRepository.js";
import { StockQuoteRepository } from "./stockQuoteRepository.js";
import { SubscriberRepository } from "./subscriberRepository.js";
import { SubscriptionRepository } from "./subscriptionRepository.js";
import { createTransactionRunner } from "./transaction.js";
import { WebhookRepository } from "./webhookRepository.js";

/** The repositories that need nothing but the database (the others are built beside the services that feed them). */
export function createRepositories(ds: DataSource) {
  return {
    /** Runs a unit of work in one transaction (serialised on SQLite); services hand its Tx to repository calls. */
    transaction: createTransactionRunner(ds),
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
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
