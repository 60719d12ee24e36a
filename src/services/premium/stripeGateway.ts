import type Stripe from "stripe";
import type { StripeConfig } from "../../config.js";
import type { PremiumPlan } from "../../schemas/constants.js";

/** Stripe's API through the official library (loaded with the first call); STRIPE_API_URL may point it at a local fake. */
export class StripeGateway {
  private client: Promise<Stripe> | undefined;

  constructor(
    readonly config: StripeConfig,
    private readonly siteUrl: string,
  ) {}

  private stripe(): Promise<Stripe> {
    return (this.client ??= import("stripe").then(({ default: StripeClient }) => new StripeClient(this.config.secretKey, { ...this.config.api, timeout: 10_000, maxNetworkRetries: 1 })));
  }

  /** A Checkout Session for the plan and the address; returns the URL the browser is sent to. */
  async createCheckout(email: string, plan: PremiumPlan): Promise<string> {
    const session = await (await this.stripe()).checkout.sessions.create({
      mode: "subscription",
      customer_email: email,
      line_items: [{ price: this.config.prices[plan], quantity: 1 }],
      metadata: { plan },
      subscription_data: { metadata: { plan } },
      success_url: `${this.siteUrl}/account?checkout=success`,
      cancel_url: `${this.siteUrl}/account?checkout=cancelled`,
    });
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    return session.url;
  }

  /** Stripe's customer portal for one customer; returns its URL. */
  async createPortal(customerId: string): Promise<string> {
    const session = await (await this.stripe()).billingPortal.sessions.create({ customer: customerId, return_url: `${this.siteUrl}/account` });
    return session.url;
  }

  /** Ends a subscription now (the reader deleted the account). An already cancelled one is fine. */
  async cancel(subscriptionId: string): Promise<void> {
    try {
      await (await this.stripe()).subscriptions.cancel(subscriptionId);
    } catch (error) {
      const code = (error as { code?: string; statusCode?: number }).statusCode;
      if (code !== 404) throw error;
    }
  }

  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  async verifyEvent(rawBody: Buffer, signature: string): Promise<Stripe.Event> {
    return (await this.stripe()).webhooks.constructEventAsync(rawBody, signature, this.config.webhookSecret);
  }
}
