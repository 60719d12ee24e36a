import { z } from "zod";
import { router, staffProcedure } from "../trpc.js";

const tags = ["newsletter"];
const count = (text: string) => z.number().int().describe(text);

const issueSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(["sending", "sent"]).describe("sending while deliveries are pending (retries included), then sent"),
  sentAt: z.string().nullable().describe("ISO-8601 time sending began"),
  completedAt: z.string().nullable().describe("ISO-8601 time the last delivery was settled"),
  recipients: count("Active subscribers when the issue was created (one delivery each)"),
  sent: count("Mails the SMTP server accepted"),
  failed: count("Deliveries given up: permanent refusals (bounced) and temporary failures past their retries"),
  bounced: count("Of the failed, refused permanently (5xx): the address is marked bouncing"),
  pending: count("Deliveries still waiting to be sent or retried"),
  opens: count("Recipients who opened the mail (unique, by people)"),
  clicks: count("Recipients who clicked a link (unique, by people)"),
  botOpens: count("Pixel loads by bots, prefetchers and HEAD requests, counted apart"),
  botClicks: count("Link requests by bots and link scanners, counted apart"),
});

export const newsletterAdminRouter = router({
  send: staffProcedure("subscribers")
    .meta({ openapi: { method: "POST", path: "/admin/newsletter/send", tags, summary: "Send the digest of the last 24 hours to every active subscriber now", description: "Records the issue and one delivery per recipient, then sends in the background (batches, retries). 409 when no article was published in the last 24 hours." } })
    .input(z.object({}).optional())
    .output(z.object({ issueId: z.number().int(), recipients: count("Deliveries recorded for the issue") }))
    .mutation(({ ctx }) => ctx.newsletterSender.sendNow()),
  issues: staffProcedure("subscribers")
    .meta({ openapi: { method: "GET", path: "/admin/newsletter/issues", tags, summary: "The last 20 newsletter issues with their delivery, open and click counts" } })
    .input(z.object({}).optional())
    .output(z.array(issueSchema))
    .query(({ ctx }) => ctx.newsletterSender.listIssues()),
  preview: staffProcedure("subscribers")
    .meta({ openapi: { method: "GET", path: "/admin/newsletter/preview", tags, summary: "Today's issue as it would be sent now (links untracked)" } })
    .input(z.object({}).optional())
    .output(z.object({ subject: z.string(), html: z.string(), text: z.string(), articles: count("Articles published in the last 24 hours") }))
    .query(({ ctx }) => ctx.newsletterSender.preview()),
});
