import { premiumListInput, premiumListOutput, premiumSignupSchema, premiumStatusInput } from "../../schemas/premium.js";
import { paymentsOverviewOutput } from "../../schemas/account.js";
import { z } from "zod";
import { ADMIN_TAG, router, staffProcedure } from "../trpc.js";

const tags = ["premium", ADMIN_TAG];

export const premiumAdminRouter = router({
  payments: staffProcedure("subscribers")
    .meta({ openapi: { method: "GET", path: "/admin/premium/payments", tags, summary: "Paying members and paid invoices (from Stripe's webhook events), newest first", description: "connected is false when Stripe is not configured: then only sign-up requests exist." } })
    .input(z.void())
    .output(paymentsOverviewOutput)
    .query(({ ctx }) => ctx.membersAndPayments()),
  list: staffProcedure("subscribers")
    .meta({ openapi: { method: "GET", path: "/admin/premium", tags, summary: "Premium sign-up requests, newest first, with counts per status" } })
    .input(premiumListInput)
    .output(premiumListOutput)
    .query(({ ctx, input }) => ctx.premium.list(input)),
  setStatus: staffProcedure("subscribers")
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/premium/{id}/status",
        tags,
        summary: "Mark a sign-up active (paid outside the product), cancelled or refused",
        description: "requested → active | refused | cancelled; active → cancelled; cancelled or refused → active. Another change is a 400.",
      },
    })
    .input(premiumStatusInput)
    .output(premiumSignupSchema)
    .mutation(({ ctx, input }) => ctx.premium.setStatus(input.id, input.status)),
});
