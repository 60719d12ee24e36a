import { z } from "zod";
import { PREMIUM_PLANS } from "./constants.js";
import { nullableIsoDate, isoDate } from "./common.js";

export const PREMIUM_STATUSES = ["requested", "active", "cancelled", "refused"] as const;
export type PremiumStatus = (typeof PREMIUM_STATUSES)[number];
/** What the administrator may set from each status. */
export const PREMIUM_TRANSITIONS: Record<PremiumStatus, readonly PremiumStatus[]> = {
  requested: ["active", "refused", "cancelled"],
  active: ["cancelled"],
  cancelled: ["active"],
  refused: ["active"],
};

export const premiumSignupSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  plan: z.enum(Object.keys(PREMIUM_PLANS) as [keyof typeof PREMIUM_PLANS]),
  status: z.enum(PREMIUM_STATUSES),
  createdAt: isoDate,
  activatedAt: nullableIsoDate,
  cancelledAt: nullableIsoDate,
});
export type PremiumSignupDto = z.infer<typeof premiumSignupSchema>;

export const premiumListInput = z.object({
  status: z.enum(PREMIUM_STATUSES).optional().describe("Only sign-ups with this status"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const premiumListOutput = z.object({
  items: z.array(premiumSignupSchema),
  total: z.number().int().describe("Sign-ups matching the filter"),
  counts: z.record(z.string(), z.number().int()).describe("Sign-ups per status, all of them"),
});
export const premiumStatusInput = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  status: z.enum(["active", "cancelled", "refused"]).describe("active: paid; cancelled: ended; refused: not accepted"),
});
