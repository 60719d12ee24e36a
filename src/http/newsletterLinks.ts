import type express from "express";
import { ValidationError } from "../lib/errors.js";
import type { Services } from "../services/index.js";
import { isBotRequest } from "../services/newsletterSender.js";

// A transparent 1×1 GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const one = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The newsletter's links outside the JSON API: the open pixel, the tracked-link redirect, and the
 * RFC 8058 one-click unsubscribe (a mail client POSTs `List-Unsubscribe=One-Click` as a form to the
 * List-Unsubscribe URL; GET of the same URL is the unsubscribe page).
 */
export function installNewsletterLinks(app: express.Express, services: Services) {
  const sender = services.newsletterSender;

  app.all("/newsletter/open/:file", async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const token = req.params.file.replace(/\.gif$/, "");
      await sender.recordOpen(token, isBotRequest(req.method, req.get("user-agent")));
    } catch (error) {
      services.logger.error({ err: error }, "newsletter: recording an open failed");
    }
    res.set({ "Content-Type": "image/gif", "Cache-Control": "private, no-store" }).send(PIXEL);
  });

  app.all("/newsletter/click/:token", async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const target = await sender.recordClick(req.params.token, one(req.query.url), one(req.query.sig), isBotRequest(req.method, req.get("user-agent")));
      res.set("Cache-Control", "private, no-store");
      if (target) return res.redirect(302, target);
      throw new ValidationError("This link is not valid. Please open it from the newsletter e-mail again.");
    } catch (error) {
      next(error);
    }
  });

  app.post("/unsubscribe", async (req, res, next) => {
    try {
      const { email } = await services.newsletter.unsubscribe(one(req.query.token));
      res.set("Cache-Control", "no-store").type("text/plain").send(`${email} is unsubscribed from the ${services.config.siteName} daily briefing.`);
    } catch (error) {
      next(error);
    }
  });
}
