import { z } from "zod";

const nonNegative = (what: string) => z.number({ error: `${what} must be a number` }).min(0, `${what} must be 0 or more`).max(1_000_000_000);
const percent = (what: string) => z.number({ error: `${what} must be a number` }).min(0, `${what} must be between 0 and 100`).max(100, `${what} must be between 0 and 100`);

/** The administrator's growth targets (editable, so they are not hard-coded). */
export const growthTargetsSchema = z.object({
  monthlyVisitors: nonNegative("Monthly visitors").int("Monthly visitors must be a whole number").describe("Unique visitors per 30 days"),
  engagementRate: percent("Engagement rate").describe("Percent of visits with more than one page view"),
  viralCoefficient: nonNegative("Viral coefficient").max(100).describe("Share-referred visits per share click"),
  newsletterSubscribers: nonNegative("Newsletter subscribers").int("Newsletter subscribers must be a whole number").describe("Active subscribers"),
  monthlyRecurringRevenue: nonNegative("Monthly recurring revenue").describe("US dollars per month from premium plans"),
});

/** The revenue mix the administrator aims for, in percent (70 / 25 / 5 until the administrator changes it). */
export const revenueSplitSchema = z
  .object({
    adNetwork: percent("Ad network share"),
    directAdvertising: percent("Direct advertising share"),
    premiumSubscriptions: percent("Premium subscriptions share"),
  })
  .refine((s) => Math.abs(s.adNetwork + s.directAdvertising + s.premiumSubscriptions - 100) < 0.001, { message: "The revenue split must add up to 100 %", path: ["adNetwork"] });

export const siteSettingsSchema = z.object({ targets: growthTargetsSchema, revenueSplit: revenueSplitSchema });
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SETTINGS: SiteSettings = {
  targets: { monthlyVisitors: 100_000, engagementRate: 40, viralCoefficient: 0.5, newsletterSubscribers: 10_000, monthlyRecurringRevenue: 5_000 },
  revenueSplit: { adNetwork: 70, directAdvertising: 25, premiumSubscriptions: 5 },
};
