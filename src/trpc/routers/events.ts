import { audienceEventInput, audienceEventOutput } from "../../schemas/events.js";
import { publicProcedure, router } from "../trpc.js";

export const eventsRouter = router({
  record: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/events",
        tags: ["events"],
        protect: false,
        summary: "Record a page view or a share click (the reader site's beacon)",
        description:
          "Send JSON (navigator.sendBeacon with a Blob typed application/json): " +
          '`{"type":"pageview","path":"/article/slug","articleId":12,"referrer":"https://www.google.com/"}` or ' +
          '`{"type":"share","network":"x","path":"/article/slug","articleId":12}`. ' +
          "Known bots are not counted. No IP address or user agent is stored: a visitor is a hash salted per day. " +
          "Only the referrer's host name is kept. Rate-limited per client.",
      },
    })
    .input(audienceEventInput)
    .output(audienceEventOutput)
    .mutation(async ({ ctx, input }) => ({ recorded: await ctx.audience.record(input, ctx.client) })),
});
