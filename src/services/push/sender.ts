// Sends breaking-news alerts: a durable job (src/services/jobRunner.ts) over the delivery rows an alert recorded,
// one encrypted request per subscription (RFC 8291 payload encryption and RFC 8292 VAPID by the web-push library,
// the request itself through safeFetch, so the outbound address rules hold at send time too), a bounded number at
// once. 2xx delivered; 404/410 the subscription is gone and removed; 429, 5xx and network failures retried with
// backoff; anything else failed. A delivery is claimed (pending → sending) before its request and settled after, so
// a crash never sends one twice: a row left `sending` is marked failed on the next run, never resent.
import type { Config } from "../../config.js";
import type { PushCampaign } from "../../entities/PushCampaign.js";
import type { PushDelivery } from "../../entities/PushDelivery.js";
import type { Clock } from "../../lib/clock.js";
import { safeFetch } from "../../lib/safeFetch.js";
import { HOUR, MINUTE } from "../../lib/time.js";
import type { PushRepository } from "../../repositories/pushRepository.js";
import type { PushPayload } from "../../schemas/push.js";
import type { DurableWork, StepResult } from "../jobRunner.js";
import { metrics } from "../metrics.js";
import { loadWebPush, type PushAlerts } from "./alerts.js";
import { messageOf } from "../../lib/errors.js";

/** Temporary failures are tried this many times in all (waits PUSH_RETRY_BASE_SECONDS, then doubling), then the delivery fails. */
export const MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = HOUR;
/** A breaking-news alert is worth little after a few hours: the push service drops it after this if the device stays offline. */
const TTL_SECONDS = 4 * 3600;
/** Rounds of PUSH_CONCURRENCY requests per step (the lease is renewed between steps). */
const ROUNDS_PER_STEP = 4;

export type PushStage = "claimed" | "sent";
type Outcome = "delivered" | "gone" | "retry" | "failed" | "skipped";

/** Sends since this process started, by outcome (/metrics has them as push_sends_total{result}). */
export interface PushSendCounters {
  /** Requests made to push services. */
  attempted: number;
  /** Accepted (2xx). */
  delivered: number;
  /** Subscriptions the push service reported gone (404/410), removed. */
  removed: number;
  /** Temporary failures (429, 5xx, network) scheduled for another try. */
  retried: number;
  /** Given up: refused (other 4xx), or temporary failures past their last try. */
  failed: number;
}

/** How long the lease lasts: longer than a step's slowest rounds, so no other instance takes over while requests are under way. */
export const pushLeaseMs = (config: Pick<Config, "push">) => Math.max(2 * MINUTE, ROUNDS_PER_STEP * config.push.timeoutSeconds * 1000 + MINUTE);

export class PushSender implements DurableWork {
  readonly counters: PushSendCounters = { attempted: 0, delivered: 0, removed: 0, retried: 0, failed: 0 };
  /** Test hook: called at each stage of each delivery; throwing from it stops the run like a crash. */
  onProgress?: (stage: PushStage, deliveryId: number) => void | Promise<void>;

  constructor(
    private readonly repo: PushRepository,
    private readonly alerts: Pick<PushAlerts, "vapidKeys" | "clickToken">,
    private readonly config: Pick<Config, "push" | "outboundAllowLocal">,
    private readonly clock: Clock,
  ) {}

  /** Sends one batch of due deliveries, at most PUSH_CONCURRENCY at once; `done` counts the delivered. */
  async step(stillHeld: () => Promise<boolean>): Promise<StepResult> {
    // Under the lease, between steps, no request of ours is under way: a `sending` row is a crashed run's.
    await this.repo.failInterrupted();
    const concurrency = this.config.push.concurrency;
    const due = await this.repo.dueDeliveries(this.clock.now(), concurrency * ROUNDS_PER_STEP);
    if (due.length && !(await stillHeld())) return { more: false };
    const campaigns = new Map<number, Promise<PushCampaign | null>>();
    let crashed: Error | undefined;
    let delivered = 0;
    const worker = async () => {
      for (let next = due.shift(); next && crashed === undefined; next = due.shift()) {
        const delivery = next;
        try {
          const campaign = await (campaigns.get(delivery.campaignId) ?? campaigns.set(delivery.campaignId, this.repo.findCampaign(delivery.campaignId)).get(delivery.campaignId)!);
          if ((await this.deliver(delivery, campaign)) === "delivered") delivered++;
        } catch (error) {
          // Stop taking new deliveries everywhere; requests under way finish.
          crashed ??= error instanceof Error ? error : new Error(String(error));
        }
      }
    };
    const count = due.length;
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    if (crashed !== undefined) throw crashed;
    await this.repo.completeCampaigns(this.clock.now());
    return { more: count > 0, done: delivered };
  }

  private async deliver(delivery: PushDelivery, campaign: PushCampaign | null): Promise<Outcome> {
    const subscription = await this.repo.findSubscription(delivery.subscriptionId);
    if (!subscription || !campaign) {
      await this.repo.cancel(delivery.id, "The subscription was removed before its alert was sent");
      return "skipped";
    }
    if (!(await this.repo.claim(delivery.id))) return "skipped";
    const attempts = delivery.attempts + 1;
    await this.onProgress?.("claimed", delivery.id);
    const payload: PushPayload = {
      title: campaign.title,
      body: campaign.body,
      // The marker: utm parameters, which the page cache leaves out of its key (the click itself is counted by the worker with the token).
      url: `${campaign.url}?utm_source=push&utm_medium=alert&utm_campaign=alert-${campaign.id}`,
      token: await this.alerts.clickToken(delivery.id),
      tag: `alert-${campaign.id}`,
    };
    const keys = await this.alerts.vapidKeys();
    const webpush = await loadWebPush();
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.config.push.vapidSubject, ...keys },
        TTL: TTL_SECONDS,
        urgency: "high",
        contentEncoding: "aes128gcm",
      });
    } catch (error) {
      return this.fail(delivery, null, `Could not encrypt for this subscription: ${(error as Error).message}`);
    }
    this.counters.attempted++;
    let status: number | null = null;
    let retryAfter: string | undefined;
    let reason: string;
    try {
      const res = await safeFetch(request.endpoint, {
        method: "POST",
        headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
        body: request.body ?? Buffer.alloc(0),
        timeoutMs: this.config.push.timeoutSeconds * 1000,
        maxBytes: 64 * 1024,
        maxRedirects: 0,
        allowLocal: this.config.outboundAllowLocal,
        carriesKey: true,
      });
      status = res.status;
      retryAfter = res.headers["retry-after"] as string | undefined;
      reason = `HTTP ${status}${res.text ? `: ${res.text}` : ""}`;
    } catch (error) {
      reason = `Error: ${messageOf(error)}`;
    }
    const now = this.clock.now();
    if (status !== null && status >= 200 && status < 300) {
      await this.repo.settle(delivery.id, { status: "delivered", lastStatusCode: status, lastError: null, deliveredAt: now });
      await this.repo.markSubscriptionDelivered(subscription.id, now);
      this.counters.delivered++;
      metrics.pushSends.inc({ result: "delivered" });
      await this.onProgress?.("sent", delivery.id);
      return "delivered";
    }
    if (status === 404 || status === 410) {
      await this.repo.settle(delivery.id, { status: "gone", lastStatusCode: status, lastError: reason.slice(0, 500) });
      await this.repo.deleteSubscriptionById(subscription.id);
      this.counters.removed++;
      metrics.pushSends.inc({ result: "gone" });
      return "gone";
    }
    const temporary = status === null || status === 429 || status >= 500;
    if (temporary && attempts < MAX_ATTEMPTS) {
      const backoff = this.config.push.retryBaseSeconds * 1000 * 2 ** (attempts - 1);
      const asked = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : 0;
      const wait = Math.min(MAX_BACKOFF_MS, Math.max(backoff, asked));
      await this.repo.settle(delivery.id, { status: "pending", lastStatusCode: status, lastError: reason.slice(0, 500), nextAttemptAt: new Date(now.getTime() + wait) });
      this.counters.retried++;
      metrics.pushSends.inc({ result: "retried" });
      return "retry";
    }
    return this.fail(delivery, status, reason);
  }

  private async fail(delivery: PushDelivery, status: number | null, reason: string): Promise<Outcome> {
    await this.repo.settle(delivery.id, { status: "failed", lastStatusCode: status, lastError: reason.slice(0, 500) });
    this.counters.failed++;
    metrics.pushSends.inc({ result: "failed" });
    return "failed";
  }
}
