import express, { type Express } from "express";
import type { Services } from "../services/index.js";

import type { WebhookEvent } from "../services/premium/stripeWebhook.js";
import { readerCookie } from "../trpc/context.js";

const WEBHOOK_MAX_BYTES = 512 * 1024;

/** POST /api/stripe/webhook (Stripe's signed events, raw body) and GET /account/verify (the mailed sign-in link). */
export function installPremiumRoutes(app: Express, services: Services) {
  app.post("/api/stripe/webhook", express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES }), async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const { stripe, stripeWebhook } = services;
    if (!stripe || !stripeWebhook) {
      res.status(404).json({ message: "Payments are not configured" });
      return;
    }
    const signature = req.headers["stripe-signature"];
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: WebhookEvent;
    try {
      if (typeof signature !== "string" || !signature) throw new Error("missing signature");
      event = (await stripe.verifyEvent(raw, signature)) as unknown as WebhookEvent;
    } catch {
      res.status(400).json({ message: "Invalid Stripe-Signature" });
      return;
    }
    try {
      const outcome = await stripeWebhook.handle(event);
      res.json({ received: true, outcome });
    } catch (error) {
      // A 5xx makes Stripe deliver the event again later; nothing of it was stored.
      services.logger.error({ err: error, event: event.id, type: event.type }, "stripe webhook: processing failed");
      next(error);
    }
  });

  app.get("/account/verify", async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "private, no-store");
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const session = await services.readers.verifySignIn(token);
      if (!session) {
        res.redirect(303, "/account?signin=expired");
        return;
      }
      res.append("Set-Cookie", readerCookie(services.config, session));
      res.redirect(303, "/account");
    } catch (error) {
      next(error);
    }
  });
}


/** Adds the webhook (an Express route outside the tRPC router) to the OpenAPI document. */
export function documentStripeWebhook<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const paths = (document.paths ??= {}) as Record<string, Record<string, unknown>>;
  const message = { "application/json": { schema: { type: "object", properties: { message: { type: "string" } } } } };
  paths["/stripe/webhook"] = {
    post: {
      operationId: "stripe-webhook",
      summary: "Stripe's webhook events (signed)",
      description:
        "For Stripe only: the raw body must carry a valid Stripe-Signature made with STRIPE_WEBHOOK_SECRET. Handled: checkout.session.completed, customer.subscription.created|updated|deleted, invoice.paid, invoice.payment_failed; others are acknowledged and ignored. Each event id is processed once (a duplicate answers outcome duplicate).",
      tags: ["premium"],
      security: [],
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
      responses: {
        "200": { description: "Received", content: { "application/json": { schema: { type: "object", properties: { received: { type: "boolean" }, outcome: { type: "string", enum: ["processed", "duplicate", "ignored"] } } } } } },
        "400": { description: "Missing or invalid Stripe-Signature", content: message },
        "404": { description: "Payments are not configured", content: message },
      },
    },
  };
  return document;
}
