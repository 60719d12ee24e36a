import express, { type Express } from "express";
import type Stripe from "stripe";
import { NotFoundError, ValidationError } from "../lib/errors.js";
import type { Services } from "../services/index.js";
import { readerCookieName } from "../services/premium/readerAccounts.js";
import { readerCookie, sessionTokenFrom } from "../trpc/context.js";

const WEBHOOK_MAX_BYTES = 512 * 1024;

/** POST /api/stripe/webhook (Stripe's signed events, raw body) and POST /account/verify (the sign-in link's button). */
export function installPremiumRoutes(app: Express, services: Services) {
  app.post("/api/stripe/webhook", express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES }), async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const { stripe, stripeWebhook } = services;
    if (!stripe || !stripeWebhook) return next(new NotFoundError("Payments are not configured"));
    const signature = req.headers["stripe-signature"];
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: Stripe.Event;
    try {
      if (typeof signature !== "string" || !signature) throw new Error("missing signature");
      event = await stripe.verifyEvent(raw, signature);
    } catch {
      return next(new ValidationError("Invalid Stripe-Signature"));
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

  // The mailed link opens the page /account/verify?token=… (server-rendered, web/pages/AccountVerifyPage.tsx),
  // which changes nothing: mail scanners fetch links by themselves. Its button POSTs the token here as a plain form.
  app.post("/account/verify", express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 4 }), async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "no-store");
      // Another site's form cannot sign the browser in to an account of its choosing (login CSRF): a cross-site POST
      // never gets here, refuseCrossSite (src/http/sameOrigin.ts, mounted before every door) answers it with 403.
      const body = req.body as Record<string, unknown> | undefined;
      const token = typeof body?.token === "string" ? body.token : "";
      const session = await services.readers.verifySignIn(token);
      if (session) {
        res.append("Set-Cookie", readerCookie(services.config, session));
        res.redirect(303, "/account");
        return;
      }
      // A second press of the button finds the link spent by the first: that browser is signed in already.
      const signedIn = await services.readers.readerForSession(sessionTokenFrom(req, readerCookieName(services.config)));
      res.redirect(303, signedIn ? "/account" : "/account?signin=expired");
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
