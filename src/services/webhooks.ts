// Partners' webhook endpoints: registration, the events they receive and the delivery log. Every event is
// stored (one delivery row per subscribed endpoint) before the write that caused it answers, so a restart
// loses nothing; src/services/webhookDispatcher.ts sends them.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Config } from "../config.js";
import type { WebhookDelivery } from "../entities/WebhookDelivery.js";
import type { WebhookEndpoint } from "../entities/WebhookEndpoint.js";
import type { Clock } from "../lib/clock.js";
import { NotFoundError, ValidationError } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import { presentArticleEvent } from "../presenters/partner.js";
import type { WebhookRepository } from "../repositories/webhookRepository.js";
import { WEBHOOK_EVENTS, type WebhookDeliveryDto, type WebhookEventType } from "../schemas/partner.js";
import type { ArticleState, ContentChange, ContentEvents } from "./contentEvents.js";

const DELIVERY_LOG_SIZE = 100;
const REANNOUNCE_WINDOW_MS = 5 * 60_000;
const DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;

const parseEvents = (text: string) => text.split(" ").filter((e): e is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(e));
const isLive = (a: ArticleState | null, now: Date): a is ArticleState => a !== null && a.status === "published" && a.publishedAt !== null && a.publishedAt <= now;

/** Which partner event an article change is, from what readers could see before and after it. */
export function articleEventOf(before: ArticleState | null, after: ArticleState | null, now: Date): WebhookEventType | null {
  const was = isLive(before, now);
  const is = isLive(after, now);
  if (!was && is) return "article.published";
  if (was && is) return "article.updated";
  if (was && after) return "article.unpublished";
  if (before && !after) return "article.deleted";
  return null;
}

/** A stable event id for an article going live: every instance announces a scheduled article, and the endpoint gets it once. */
const publicationEventId = (a: ArticleState) => {
  const h = createHash("sha256").update(`article.published:${a.id}:${a.publishedAt?.getTime()}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

export class WebhookService {
  /** Called after events are stored, so the dispatcher sends them at once. */
  onEnqueued: () => void = () => undefined;

  constructor(
    private readonly store: WebhookRepository,
    private readonly config: Pick<Config, "siteUrl" | "webhooks" | "outboundAllowLocal">,
    private readonly clock: Clock,
  ) {}

  /** Turns this instance's content changes into stored deliveries (changes from other instances were stored there). */
  listen(events: ContentEvents): () => void {
    return events.on((change, origin, id) => (origin === "local" ? this.record(change, id) : undefined));
  }

  private checkUrl(url: string) {
    if (!url.startsWith("https://") && !(this.config.outboundAllowLocal && url.startsWith("http://"))) {
      throw new ValidationError("The URL must use https", [{ path: "url", message: "Must be https (http only with OUTBOUND_ALLOW_LOCAL)" }]);
    }
  }

  async create(input: { url: string; events: WebhookEventType[] }) {
    this.checkUrl(input.url);
    const secret = `whsec_${randomBytes(24).toString("base64url")}`;
    const saved = await this.store.createEndpoint({ url: input.url, events: [...new Set(input.events)].join(" "), secret, createdAt: this.clock.now() });
    return { ...(await this.toDto(saved)), secret };
  }

  async list() {
    const rows = await this.store.listEndpoints();
    return Promise.all(rows.map((e) => this.toDto(e)));
  }

  /** Re-enables a disabled endpoint (its waiting deliveries resume in order) or disables it. */
  async setEnabled(id: number, enabled: boolean) {
    const endpoint = await this.require(id);
    if (enabled) Object.assign(endpoint, { disabledAt: null, disabledReason: null, failingSince: null });
    else if (!endpoint.disabledAt) Object.assign(endpoint, { disabledAt: this.clock.now(), disabledReason: "Disabled by the administrator" });
    return this.toDto(await this.store.saveEndpoint(endpoint));
  }

  async remove(id: number) {
    await this.require(id);
    await this.store.deleteEndpoint(id);
  }

  /** The endpoint's newest deliveries first. */
  async deliveryLog(endpointId: number): Promise<WebhookDeliveryDto[]> {
    await this.require(endpointId);
    const rows = await this.store.deliveryLog(endpointId, DELIVERY_LOG_SIZE);
    return rows.map(toDeliveryDto);
  }

  /** Sends a delivery again (whatever its state), as soon as the endpoint's earlier deliveries allow. */
  async redeliver(endpointId: number, deliveryId: number): Promise<WebhookDeliveryDto> {
    const delivery = await this.store.findDelivery(deliveryId, endpointId);
    if (!delivery) throw new NotFoundError("Delivery not found");
    Object.assign(delivery, { status: "pending", nextAttemptAt: this.clock.now(), deliveredAt: null });
    const saved = await this.store.saveDelivery(delivery);
    this.onEnqueued();
    return toDeliveryDto(saved);
  }

  private async require(id: number) {
    const endpoint = await this.store.findEndpoint(id);
    if (!endpoint) throw new NotFoundError("Webhook not found");
    return endpoint;
  }

  private async toDto(e: WebhookEndpoint) {
    return {
      id: e.id,
      url: e.url,
      events: parseEvents(e.events),
      createdAt: iso(e.createdAt)!,
      enabled: !e.disabledAt,
      disabledAt: iso(e.disabledAt),
      disabledReason: e.disabledReason,
      failingSince: iso(e.failingSince),
      pending: await this.store.pendingCount(e.id),
    };
  }

  /** `id` names the stored change: delivered again after a failure, it is the same event, stored once. */
  private async record(change: ContentChange, id: string = randomUUID()) {
    if (change.type === "activity") return this.enqueue(change.event, change.data, id);
    if (change.type !== "article") return;
    // Visibility follows the wall clock, as the article lists do.
    const type = articleEventOf(change.before, change.after, new Date());
    if (!type) return;
    const state = (change.after ?? change.before)!;
    // The scheduled-publication timer announces, as "appeared", every article that went live since its last
    // check, including ones published on saving and announced then (the same event id dedups those): an
    // announcement long after the publication time is such a repeat, not news.
    if (!change.before && type === "article.published" && Date.now() - state.publishedAt!.getTime() > REANNOUNCE_WINDOW_MS) return;
    const article = type === "article.deleted" ? null : await this.store.article(state.id);
    const data = article ? presentArticleEvent(article, this.config.siteUrl) : { id: state.id, slug: state.slug };
    await this.enqueue(type, data, type === "article.published" && !change.before ? publicationEventId(state) : id);
  }

  /** Stores the event once per enabled endpoint subscribed to it. */
  async enqueue(type: WebhookEventType, data: Record<string, unknown>, eventId: string = randomUUID()) {
    const subscribed = (await this.store.enabledEndpoints()).filter((e) => parseEvents(e.events).includes(type));
    if (!subscribed.length) return;
    const now = this.clock.now();
    const payload = JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), data });
    // Stored once per endpoint, whichever instance stores it first.
    for (const endpoint of subscribed) await this.store.addDeliveryOnce({ endpointId: endpoint.id, eventId, type, payload, createdAt: now, nextAttemptAt: now });
    this.onEnqueued();
  }

  /** Forgets delivered events older than DELIVERY_RETENTION_MS (the log keeps what failed or waits). */
  async prune(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - DELIVERY_RETENTION_MS);
    await this.store.pruneDelivered(before);
  }

  /** Endpoints that have something to send. */
  endpointsWithPending(): Promise<WebhookEndpoint[]> {
    return this.store.endpointsWithPending();
  }
}

export function toDeliveryDto(d: WebhookDelivery): WebhookDeliveryDto {
  return {
    id: d.id,
    eventId: d.eventId,
    type: d.type as WebhookEventType,
    status: d.status as WebhookDeliveryDto["status"],
    attempts: d.attempts,
    createdAt: iso(d.createdAt)!,
    lastAttemptAt: iso(d.lastAttemptAt),
    nextAttemptAt: d.status === "pending" ? iso(d.nextAttemptAt) : null,
    lastStatusCode: d.lastStatusCode,
    lastDurationMs: d.lastDurationMs,
    lastResponse: d.lastResponse,
    deliveredAt: iso(d.deliveredAt),
  };
}
