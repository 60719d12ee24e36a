// Sends stored webhook deliveries: per endpoint oldest first, the next one only after the one before it
// succeeded (order as far as retries allow), retried with exponential backoff; an endpoint failing for
// 24 hours is disabled with the reason. Only the holder of a database lease sends, so with several
// instances each delivery is attempted by one at a time; a restart resumes from the stored rows.
import { createHmac, randomUUID } from "node:crypto";
import type { Config } from "../config.js";
import type { WebhookDelivery } from "../entities/WebhookDelivery.js";
import type { WebhookEndpoint } from "../entities/WebhookEndpoint.js";
import type { Clock } from "../lib/clock.js";
import { safeFetch } from "../lib/safeFetch.js";
import { DAY, HOUR, MINUTE } from "../lib/time.js";
import { type DurableWork, LeasedRunner, type StepResult } from "./jobRunner.js";
import { Lease } from "./lease.js";
import type { WebhookService } from "./webhooks.js";
import type { LeaseRepository } from "../repositories/leaseRepository.js";
import type { WebhookRepository } from "../repositories/webhookRepository.js";
import { messageOf } from "../lib/errors.js";

/** An endpoint that has failed for this long is disabled. */
export const DISABLE_AFTER_MS = DAY;
const MAX_BACKOFF_MS = HOUR;
const LEASE_MS = 2 * MINUTE;
/** Deliveries sent per endpoint per pass, so one busy endpoint does not hold the others up. */
const PER_ENDPOINT = 50;
const EXCERPT = 500;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: what a receiver checks with the endpoint's secret. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex")}`;
}

export class WebhookDispatcher implements DurableWork {
  readonly runner: LeasedRunner;

  constructor(
    private readonly store: WebhookRepository,
    leases: LeaseRepository,
    private readonly config: Pick<Config, "webhooks" | "outboundAllowLocal">,
    private readonly clock: Clock,
    private readonly webhooks: WebhookService,
    instanceId: string = randomUUID(),
    logError: (error: unknown) => void = () => undefined,
  ) {
    // The lease outlasts the longest request: a holder still waiting for an answer never has its lease taken
    // over, so no other instance sends the same event, or the endpoint's next one, meanwhile.
    const lease = new Lease(leases, clock, "webhook-delivery", instanceId, Math.max(LEASE_MS, config.webhooks.timeoutSeconds * 1000 + MINUTE));
    this.runner = new LeasedRunner(lease, this, logError);
  }

  get lease(): Lease {
    return this.runner.lease;
  }

  /** Sends at once when events are stored here, and checks every `intervalMs` (retries, other instances' events). */
  start(intervalMs = 5_000): () => void {
    this.webhooks.onEnqueued = () => this.runner.kick();
    const stop = this.runner.start(intervalMs);
    return () => {
      stop();
      this.webhooks.onEnqueued = () => undefined;
    };
  }

  /** One pass over every endpoint with something due; answers the deliveries that succeeded. A call during a pass runs one more pass after it. */
  tick(): Promise<number> {
    return this.runner.tick();
  }

  idle(): Promise<void> {
    return this.runner.idle();
  }

  async step(stillHeld: () => Promise<boolean>): Promise<StepResult> {
    let delivered = 0;
    for (const endpoint of await this.webhooks.endpointsWithPending()) delivered += await this.drain(endpoint, stillHeld);
    return { more: false, done: delivered };
  }

  /** Sends the endpoint's pending deliveries in order until one fails or is not due yet. */
  private async drain(endpoint: WebhookEndpoint, stillHeld: () => Promise<boolean>): Promise<number> {
    let delivered = 0;
    for (let i = 0; i < PER_ENDPOINT; i++) {
      const head = await this.store.nextPending(endpoint.id);
      if (!head || (head.nextAttemptAt && new Date(head.nextAttemptAt) > this.clock.now())) break;
      if (!(await stillHeld())) break;
      if (!(await this.attempt(endpoint, head))) break;
      delivered++;
    }
    return delivered;
  }

  private async attempt(endpoint: WebhookEndpoint, delivery: WebhookDelivery): Promise<boolean> {
    const now = this.clock.now();
    const started = Date.now();
    let status: number | null = null;
    let excerpt: string;
    try {
      if (!endpoint.url.startsWith("https://") && !(this.config.outboundAllowLocal && endpoint.url.startsWith("http://"))) throw new Error("refused plain http (OUTBOUND_ALLOW_LOCAL is off)");
      const res = await safeFetch(endpoint.url, {
        method: "POST",
        body: delivery.payload,
        headers: {
          "content-type": "application/json",
          "webhook-id": delivery.eventId,
          // The receiver compares the time with its own clock: always the wall clock.
          "webhook-signature": signatureHeader(endpoint.secret, delivery.payload, Math.floor(Date.now() / 1000)),
        },
        timeoutMs: this.config.webhooks.timeoutSeconds * 1000,
        maxBytes: 256 * 1024,
        maxRedirects: 0,
        allowLocal: this.config.outboundAllowLocal,
      });
      status = res.status;
      excerpt = res.text.slice(0, EXCERPT);
    } catch (error) {
      excerpt = `Error: ${messageOf(error)}`.slice(0, EXCERPT);
    }
    const ok = status !== null && status >= 200 && status < 300;
    const attempts = delivery.attempts + 1;
    const wait = Math.min(MAX_BACKOFF_MS, this.config.webhooks.retryBaseSeconds * 1000 * 2 ** (attempts - 1));
    await this.store.updateDelivery(
      delivery.id,
      {
        attempts,
        lastAttemptAt: now,
        lastStatusCode: status,
        lastDurationMs: Date.now() - started,
        lastResponse: excerpt,
        status: ok ? "delivered" : "pending",
        deliveredAt: ok ? now : null,
        nextAttemptAt: ok ? null : new Date(now.getTime() + wait),
      },
    );
    await this.settleEndpoint(endpoint, ok, now, delivery, status, excerpt);
    return ok;
  }

  /** Clears or extends the endpoint's run of failures; after DISABLE_AFTER_MS of failing it is disabled with the reason. */
  private async settleEndpoint(endpoint: WebhookEndpoint, ok: boolean, now: Date, delivery: WebhookDelivery, status: number | null, excerpt: string) {
    if (ok) {
      if (endpoint.failingSince) await this.store.updateEndpoint(endpoint.id, { failingSince: null });
      endpoint.failingSince = null;
      return;
    }
    endpoint.failingSince ??= now;
    if (now.getTime() - new Date(endpoint.failingSince).getTime() < DISABLE_AFTER_MS) {
      await this.store.updateEndpoint(endpoint.id, { failingSince: endpoint.failingSince });
      return;
    }
    const last = status === null ? excerpt : `HTTP ${status}`;
    const reason = `Every delivery failed for 24 hours (since ${new Date(endpoint.failingSince).toISOString()}); last answer: ${last}`.slice(0, 500);
    await this.store.updateEndpoint(endpoint.id, { failingSince: endpoint.failingSince, disabledAt: now, disabledReason: reason });
    await this.store.updateDelivery(delivery.id, { status: "failed", nextAttemptAt: null });
  }
}
