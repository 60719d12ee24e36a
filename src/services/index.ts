import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { createTransactionRunner } from "../db.js";
import { ArticleRepository } from "../repositories/articleRepository.js";
import { CommentRepository } from "../repositories/commentRepository.js";
import { ContactRepository } from "../repositories/contactRepository.js";
import { PageRepository } from "../repositories/pageRepository.js";
import { SettingRepository } from "../repositories/settingRepository.js";
import { AnalyticsService } from "./analytics.js";
import { AuthService } from "./auth.js";
import { CommentService, honeypotFilter } from "./comments.js";
import { NewsletterService } from "./newsletter.js";
import { PremiumService } from "./premium.js";
import { RateLimiter } from "./rateLimiter.js";
import { StockService } from "./stocks.js";
import { TickerService } from "./ticker.js";

/** Everything the procedures use, built once per process (tests build their own). */
export function createServices(ds: DataSource, config: Config) {
  const settings = new SettingRepository(ds);
  const limiter = new RateLimiter(ds);
  const comments = new CommentRepository(ds);
  return {
    ds,
    config,
    transaction: createTransactionRunner(ds),
    staffByline: `${config.siteName} Staff`,
    articles: new ArticleRepository(ds, `${config.siteName} Staff`),
    comments,
    commentService: new CommentService(comments, honeypotFilter),
    contacts: new ContactRepository(ds),
    pages: new PageRepository(ds, config.siteName),
    settings,
    limiter,
    auth: new AuthService(ds, config, settings, limiter),
    newsletter: new NewsletterService(ds),
    premium: new PremiumService(ds),
    ticker: new TickerService(ds, config.siteName),
    stocks: new StockService(ds, config),
    analytics: new AnalyticsService(ds, config),
  };
}
export type Services = ReturnType<typeof createServices>;
