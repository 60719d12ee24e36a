import { AdminSession } from "./AdminSession.js";
import { ArticleSeoAudit } from "./ArticleSeoAudit.js";
import { ArticlePaywallView } from "./ArticlePaywallView.js";
import { AudienceEvent } from "./AudienceEvent.js";
import { AudiencePageDay } from "./AudiencePageDay.js";
import { AudienceVisitorDay } from "./AudienceVisitorDay.js";
import { Article } from "./Article.js";
import { ArticleRevision } from "./ArticleRevision.js";
import { ArticlePreview } from "./ArticlePreview.js";
import { MediaImage } from "./MediaImage.js";
import { BusinessContact } from "./BusinessContact.js";
import { Comment } from "./Comment.js";
import { JobLease } from "./JobLease.js";
import { NewsletterDelivery } from "./NewsletterDelivery.js";
import { NewsletterIssue } from "./NewsletterIssue.js";
import { NewsletterSubscriber } from "./NewsletterSubscriber.js";
import { PremiumSignup } from "./PremiumSignup.js";
import { RateLimitPoints } from "./RateLimitPoints.js";
import { ApiKey } from "./ApiKey.js";
import { WebhookEndpoint } from "./WebhookEndpoint.js";
import { WebhookDelivery } from "./WebhookDelivery.js";
import { Setting } from "./Setting.js";
import { SitePage } from "./SitePage.js";
import { StockQuote } from "./StockQuote.js";
import { InvoicePayment } from "./InvoicePayment.js";
import { MemberSubscription } from "./MemberSubscription.js";
import { Reader } from "./Reader.js";
import { ReaderSession } from "./ReaderSession.js";
import { ReaderSignIn } from "./ReaderSignIn.js";
import { StripeEvent } from "./StripeEvent.js";
import { SubscriptionChange } from "./SubscriptionChange.js";
import { ImportChunk } from "./ImportChunk.js";
import { ImportJob } from "./ImportJob.js";
import { ImportedItem } from "./ImportedItem.js";
import { Redirect } from "./Redirect.js";
import { PushCampaign } from "./PushCampaign.js";
import { PushDelivery } from "./PushDelivery.js";
import { PushSubscription } from "./PushSubscription.js";
import { StaffMember } from "./StaffMember.js";
import { StaffToken } from "./StaffToken.js";
import { StaffRecoveryCode } from "./StaffRecoveryCode.js";
import { AuditEntry } from "./AuditEntry.js";

export { StaffMember, StaffToken, StaffRecoveryCode, AuditEntry };
import { OutboxEvent } from "./OutboxEvent.js";
import { LiveEvent } from "./LiveEvent.js";
import { LivePost } from "./LivePost.js";

export { JobLease, NewsletterDelivery, NewsletterIssue, OutboxEvent };
export { ImportChunk, ImportJob, ImportedItem, Redirect, LiveEvent, LivePost };
export { PushCampaign, PushDelivery, PushSubscription };
export { InvoicePayment, MemberSubscription, Reader, ReaderSession, ReaderSignIn, StripeEvent, SubscriptionChange };
export { AdminSession, ArticleRevision, ArticlePreview, MediaImage, ArticleSeoAudit, ArticlePaywallView, AudienceEvent, AudiencePageDay, AudienceVisitorDay, Article, BusinessContact, Comment, NewsletterSubscriber, PremiumSignup, RateLimitPoints, ApiKey, WebhookEndpoint, WebhookDelivery, Setting, SitePage, StockQuote };

export const entities = [
  Article,
  LivePost,
  LiveEvent,
  Comment,
  BusinessContact,
  SitePage,
  AdminSession,
  Setting,
  NewsletterSubscriber,
  PremiumSignup,
  StockQuote,
  RateLimitPoints,
  ApiKey,
  WebhookEndpoint,
  WebhookDelivery,
  AudienceEvent,
  AudiencePageDay,
  AudienceVisitorDay,
  ArticleSeoAudit,
  ArticlePaywallView,
  NewsletterIssue,
  NewsletterDelivery,
  JobLease,
  ArticleRevision,
  ArticlePreview,
  MediaImage,
  Reader,
  ReaderSession,
  ReaderSignIn,
  MemberSubscription,
  SubscriptionChange,
  InvoicePayment,
  StripeEvent,
  Redirect,
  ImportJob,
  ImportChunk,
  ImportedItem,
  PushSubscription,
  PushCampaign,
  PushDelivery,
  StaffMember,
  StaffToken,
  StaffRecoveryCode,
  AuditEntry,
  OutboxEvent,
];
