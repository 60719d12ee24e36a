import { AdminSession } from "./AdminSession.js";
import { Article } from "./Article.js";
import { BusinessContact } from "./BusinessContact.js";
import { Comment } from "./Comment.js";
import { NewsletterSubscriber } from "./NewsletterSubscriber.js";
import { PremiumSignup } from "./PremiumSignup.js";
import { RateLimitCounter } from "./RateLimitCounter.js";
import { Setting } from "./Setting.js";
import { SitePage } from "./SitePage.js";
import { StockQuote } from "./StockQuote.js";

export { AdminSession, Article, BusinessContact, Comment, NewsletterSubscriber, PremiumSignup, RateLimitCounter, Setting, SitePage, StockQuote };

export const entities = [
  Article,
  Comment,
  BusinessContact,
  SitePage,
  AdminSession,
  Setting,
  NewsletterSubscriber,
  PremiumSignup,
  StockQuote,
  RateLimitCounter,
];
