import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { createTransactionRunner } from "../db.js";
import { createLogger, type Logger } from "../lib/logger.js";
import { ArticleRepository } from "../repositories/articleRepository.js";
import { CommentRepository } from "../repositories/commentRepository.js";
import { ContactRepository } from "../repositories/contactRepository.js";
import { PageRepository } from "../repositories/pageRepository.js";
import { SettingRepository } from "../repositories/settingRepository.js";
import { AnalyticsService } from "./analytics.js";
import { AppSecret } from "./appSecret.js";
import { AudienceService } from "./audience.js";
import { createCommentFilter } from "./commentFilter.js";
import { Mailer } from "./mailer.js";
import { SeoAuditService } from "./seoAudit.js";
import { SiteProbe } from "./siteProbe.js";
import { SiteSettingsService } from "./siteSettings.js";
import { TickerFeedService } from "./tickerFeeds.js";
import { AuthService } from "./auth.js";
import { CommentService } from "./comments.js";
import { NewsletterService } from "./newsletter.js";
import { PremiumService } from "./premium.js";
import { RateLimiter } from "./rateLimiter.js";
import { StockService } from "./stocks.js";
import { TickerService } from "./ticker.js";

/** Everything the procedures use, built once per process (tests build their own). */
export function createServices(ds: DataSource, config: Config, logger: Logger = createLogger({ level: config.logLevel, pretty: config.nodeEnv === "development" })) {
  const settings = new SettingRepository(ds);
  const limiter = new RateLimiter(ds);
  const comments = new CommentRepository(ds);
  const transaction = createTransactionRunner(ds);
  const appSecret = new AppSecret(config, settings);
  const seoAudit = new SeoAuditService(ds, config.siteUrl);
  const siteSettings = new SiteSettingsService(settings);
  const siteProbe = new SiteProbe(ds, config.siteUrl);
  return {
    ds,
    config,
    logger,
    transaction,
    staffByline: `${config.siteName} Staff`,
    articles: new ArticleRepository(ds, `${config.siteName} Staff`, (article) => seoAudit.auditAndStore(article)),
    comments,
    commentService: new CommentService(comments, createCommentFilter(comments)),
    contacts: new ContactRepository(ds),
    pages: new PageRepository(ds, config.siteName),
    settings,
    limiter,
    auth: new AuthService(ds, config, settings, limiter),
    appSecret,
    newsletter: new NewsletterService(ds, config, appSecret, new Mailer(config), logger),
    premium: new PremiumService(ds),
    ticker: new TickerService(ds, config.siteName, new TickerFeedService(config.tickerFeeds, { allowLocal: config.outboundAllowLocal, log: (m) => logger.warn(m) })),
    stocks: new StockService(ds, config, (m) => logger.warn(m)),
    audience: new AudienceService(ds, config, transaction, appSecret, logger),
    seoAudit,
    siteSettings,
    siteProbe,
    analytics: new AnalyticsService(ds, config, siteSettings, siteProbe),
  };
}
export type Services = ReturnType<typeof createServices>;
