import { z } from "zod";
import { PREMIUM_PLANS } from "./constants.js";
import { email, isoDate, nullableIsoDate } from "./common.js";

const planEnum = z.enum(Object.keys(PREMIUM_PLANS) as [keyof typeof PREMIUM_PLANS]);

export const signInInput = z.object({ email });
export const signInOutput = z.object({ success: z.boolean(), message: z.string() });
// Defined beside the reader's forms, whose page (without the page's code) shows it too; schemas/readerForms.ts
// imports no zod, so the browser's chunks can use it.
export { SIGN_IN_MESSAGE } from "./readerForms.js";

export const accountSchema = z.object({
  email: z.string(),
  plan: planEnum.nullable().describe("The plan of the reader's current subscription; null for a free account"),
  status: z.string().describe("Stripe's subscription status (active, trialing, past_due, canceled…), or free"),
  renewsAt: nullableIsoDate.describe("When the paid period ends and renews; null when nothing renews"),
  member: z.boolean().describe("Whether the reader reads premium articles in full and without ads"),
});
export type AccountDto = z.infer<typeof accountSchema>;

export const portalOutput = z.object({ url: z.string().describe("Stripe's customer portal for this reader") });

export const memberSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  plan: planEnum,
  status: z.string(),
  monthlyAmount: z.number().describe("Monthly-equivalent price, dollars"),
  currentPeriodEnd: nullableIsoDate,
  startedAt: isoDate,
  endedAt: nullableIsoDate,
});
export const paymentSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable().describe("null once the reader deleted the account"),
  plan: planEnum.nullable(),
  amount: z.number().describe("Amount paid, in the currency's units (dollars)"),
  currency: z.string(),
  periodStart: nullableIsoDate,
  periodEnd: nullableIsoDate,
  paidAt: isoDate,
});
export const paymentsOverviewOutput = z.object({
  connected: z.boolean().describe("Whether Stripe is configured (payments possible)"),
  members: z.array(memberSchema).describe("Subscriptions, newest first (at most 200)"),
  payments: z.array(paymentSchema).describe("Paid invoices, newest first (at most 200)"),
});
