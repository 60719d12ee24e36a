// Partners' webhook endpoints and their deliveries: one row per event and endpoint, sent in order, retried, logged.
import { type DataSource, In, IsNull } from "typeorm";
import { Article } from "../entities/Article.js";
import { WebhookDelivery } from "../entities/WebhookDelivery.js";
import { WebhookEndpoint } from "../entities/WebhookEndpoint.js";
import { isUniqueViolation } from "../lib/errors.js";

export type NewDelivery = Pick<WebhookDelivery, "endpointId" | "eventId" | "type" | "payload" | "createdAt" | "nextAttemptAt">;

export class WebhookRepository {
  constructor(private readonly ds: DataSource) {}

  private get endpoints() {
    return this.ds.getRepository(WebhookEndpoint);
  }
  private get deliveries() {
    return this.ds.getRepository(WebhookDelivery);
  }

  createEndpoint(fields: Pick<WebhookEndpoint, "url" | "events" | "secret" | "createdAt">): Promise<WebhookEndpoint> {
    return this.endpoints.save(this.endpoints.create(fields));
  }

  /** Newest first. */
  listEndpoints(): Promise<WebhookEndpoint[]> {
    return this.endpoints.find({ order: { id: "DESC" } });
  }

  findEndpoint(id: number): Promise<WebhookEndpoint | null> {
    return this.endpoints.findOneBy({ id });
  }

  saveEndpoint(endpoint: WebhookEndpoint): Promise<WebhookEndpoint> {
    return this.endpoints.save(endpoint);
  }

  async updateEndpoint(id: number, fields: Partial<Pick<WebhookEndpoint, "failingSince" | "disabledAt" | "disabledReason">>): Promise<void> {
    await this.endpoints.update({ id }, fields);
  }

  async deleteEndpoint(id: number): Promise<void> {
    await this.endpoints.delete({ id });
  }

  /** Endpoints that are not disabled. */
  enabledEndpoints(): Promise<WebhookEndpoint[]> {
    return this.endpoints.find({ where: { disabledAt: IsNull() } });
  }

  /** Enabled endpoints that have something to send, in id order. */
  async endpointsWithPending(): Promise<WebhookEndpoint[]> {
    const ids = await this.deliveries.createQueryBuilder("d").select("DISTINCT d.endpointId", "id").where("d.status = :pending", { pending: "pending" }).getRawMany<{ id: number }>();
    if (!ids.length) return [];
    return this.endpoints.find({ where: { id: In(ids.map((r) => Number(r.id))), disabledAt: IsNull() }, order: { id: "ASC" } });
  }

  pendingCount(endpointId: number): Promise<number> {
    return this.deliveries.countBy({ endpointId, status: "pending" });
  }

  /** The endpoint's newest deliveries first. */
  deliveryLog(endpointId: number, limit: number): Promise<WebhookDelivery[]> {
    return this.deliveries.find({ where: { endpointId }, order: { id: "DESC" }, take: limit });
  }

  findDelivery(id: number, endpointId: number): Promise<WebhookDelivery | null> {
    return this.deliveries.findOneBy({ id, endpointId });
  }

  saveDelivery(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    return this.deliveries.save(delivery);
  }

  async updateDelivery(id: number, fields: Partial<Omit<WebhookDelivery, "id">>): Promise<void> {
    await this.deliveries.update({ id }, fields);
  }

  /** The endpoint's oldest pending delivery. */
  nextPending(endpointId: number): Promise<WebhookDelivery | null> {
    return this.deliveries.findOne({ where: { endpointId, status: "pending" }, order: { id: "ASC" } });
  }

  /** Stores a pending delivery of an event for an endpoint once: false when it is stored already (here or by another instance). */
  async addDeliveryOnce(row: NewDelivery): Promise<boolean> {
    if (await this.deliveries.existsBy({ endpointId: row.endpointId, eventId: row.eventId })) return false;
    try {
      await this.deliveries.insert({ ...row, status: "pending", attempts: 0 });
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
  }

  /** Forgets delivered events created before `before`. */
  async pruneDelivered(before: Date): Promise<void> {
    await this.deliveries.createQueryBuilder().delete().where("status = :delivered AND createdAt < :before", { delivered: "delivered", before }).execute();
  }

  /** The article an event describes, as stored now. */
  article(id: number): Promise<Article | null> {
    return this.ds.getRepository(Article).findOneBy({ id });
  }
}
