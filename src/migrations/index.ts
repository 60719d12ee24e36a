import { Initial1763800000000 } from "./1763800000000-Initial.js";
import { AudienceAndRevenue1763900000000 } from "./1763900000000-AudienceAndRevenue.js";
import { ArticleSearch1764000000800 } from "./1764000000800-ArticleSearch.js";
import { ArticleRevisions1764013000000 } from "./1764013000000-ArticleRevisions.js";
import { ArticlePreviews1764013100000 } from "./1764013100000-ArticlePreviews.js";
import { MediaImages1764013200000 } from "./1764013200000-MediaImages.js";
import { SitePageHtml1764100000000 } from "./1764100000000-SitePageHtml.js";
import { NewsletterSending1764200000000 } from "./1764200000000-NewsletterSending.js";
import { ReaderAccounts1764300000000 } from "./1764300000000-ReaderAccounts.js";
import { PartnerApi1764400000000 } from "./1764400000000-PartnerApi.js";
import { ArticleSearchFilter1764500000000 } from "./1764500000000-ArticleSearchFilter.js";
import { ReaderSignInResend1764600100000 } from "./1764600100000-ReaderSignInResend.js";
import { ImportAndRedirects1764700000000 } from "./1764700000000-ImportAndRedirects.js";
import { PremiumSearch1764800000000 } from "./1764800000000-PremiumSearch.js";
import { PreviewTokenHashes1764900000000 } from "./1764900000000-PreviewTokenHashes.js";
import { MroongaSearch1765200000000 } from "./1765200000000-MroongaSearch.js";
import { StaffAccounts1765400000000 } from "./1765400000000-StaffAccounts.js";
import { LiveBlogs1765500000000 } from "./1765500000000-LiveBlogs.js";
import { WebPush1765600000000 } from "./1765600000000-WebPush.js";
import { Outbox1765900000000 } from "./1765900000000-Outbox.js";
import { ArticleTally1766000000000 } from "./1766000000000-ArticleTally.js";
import { PaywallViews1766100000000 } from "./1766100000000-PaywallViews.js";
import { SearchChange1766200000000 } from "./1766200000000-SearchChange.js";

/** Every migration, oldest first. A migration that has landed is never edited: add a new one. */
export const migrations = [Initial1763800000000, AudienceAndRevenue1763900000000, ArticleSearch1764000000800, ArticleRevisions1764013000000, ArticlePreviews1764013100000, MediaImages1764013200000, SitePageHtml1764100000000, NewsletterSending1764200000000, ReaderAccounts1764300000000, PartnerApi1764400000000, ArticleSearchFilter1764500000000, ReaderSignInResend1764600100000, ImportAndRedirects1764700000000, PremiumSearch1764800000000, PreviewTokenHashes1764900000000, MroongaSearch1765200000000, StaffAccounts1765400000000, LiveBlogs1765500000000, WebPush1765600000000, Outbox1765900000000, ArticleTally1766000000000, PaywallViews1766100000000, SearchChange1766200000000];
