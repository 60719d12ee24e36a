// Every query of breaking-news web push: subscriptions, alerts and their deliveries.
import type { DataSource } from "typeorm";
import { PushCampaign } from "../entities/PushCampaign.js";
import { PushDelivery } from "../entities/PushDelivery.js";
import { PushSubscription } from "../entities/PushSubscription.js";
import { managerOf, type TransactionRunner } from "./transaction.js";
import { fromDbDate } from "../lib/days.js";
import { isUniqueViolation } from "../lib/errors.js";
import { toDbDate } from "../lib/time.js";

export type DeliveryStatus = "pending" | "sending" | "delivered" | "failed" | "gone" | "cancelled";
export interface CampaignFields {
  articleId: number;
  topic: string;
  title: string;
  body: string;
  url: string;
  autoKey: string | null;
}
export interface CampaignRow {
  id: number;
  createdAt: Date;
  topic: string;
  title: string;
  body: string;
  articleId: number | null;
  url: string;
  automatic: boolean;
  status: "sending" | "sent";
  recipients: number;
  delivered: number;
  failed: number;
  pending: number;
  clicks: number;
}

const n = (v: unknown) => Number(v ?? 0);

export class PushRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly transaction: TransactionRunner,
  ) {}

  private get subscriptions() {
    return this.ds.getRepository(PushSubscription);
  }
  private get deliveries() {
    return this.ds.getRepository(PushDelivery);
  }
  private get campaigns() {
    return this.ds.getRepository(PushCampaign);
  }

  /** Stores a subscription, or replaces the keys and topics of the one with this endpoint (a browser re-subscribing). */
  async upsertSubscription(row: Pick<PushSubscription, "endpointHash" | "endpoint" | "p256dh" | "auth" | "topics">): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const existing = await this.subscriptions.findOneBy({ endpointHash: row.endpointHash });
      if (existing) {
        await this.subscriptions.update({ id: existing.id }, { p256dh: row.p256dh, auth: row.auth, topics: row.topics });
        return existing.id;
      }
      try {
        return (await this.subscriptions.insert(row)).identifiers[0].id as number;
      } catch (error) {
        // Two requests for the same endpoint at once: the second updates the first's row.
        if (!isUniqueViolation(error) || attempt > 0) throw error;
      }
    }
  }

  async deleteSubscription(endpointHash: string): Promise<boolean> {
    return Boolean((await this.subscriptions.delete({ endpointHash })).affected);
  }

  async deleteSubscriptionById(id: number): Promise<void> {
    await this.subscriptions.delete({ id });
  }

  findSubscription(id: number) {
    return this.subscriptions.findOneBy({ id });
  }

  async markSubscriptionDelivered(id: number, at: Date): Promise<void> {
    await this.subscriptions.update({ id }, { lastDeliveredAt: at });
  }

  countSubscriptions(): Promise<number> {
    return this.subscriptions.count();
  }

  /** Records an alert and one pending delivery per subscriber of its topic, in one transaction; null when `autoKey` was taken already. */
  async createCampaign(fields: CampaignFields, now: Date): Promise<{ campaignId: number; recipients: number } | null> {
    try {
      return await this.transaction(async (tx) => {
        const m = managerOf(this.ds, tx);
        const campaigns = m.getRepository(PushCampaign);
        const campaign = await campaigns.save(campaigns.create({ ...fields, status: "sending", recipients: 0, createdAt: now, completedAt: null }));
        await m.query(
          "INSERT INTO push_delivery (campaignId, subscriptionId, status, attempts, nextAttemptAt) SELECT ?, id, 'pending', 0, ? FROM push_subscription WHERE topics LIKE ?",
          [campaign.id, toDbDate(now), `% ${fields.topic} %`],
        );
        const recipients = await m.getRepository(PushDelivery).countBy({ campaignId: campaign.id });
        await campaigns.update({ id: campaign.id }, recipients ? { recipients } : { recipients, status: "sent", completedAt: now });
        return { campaignId: campaign.id, recipients };
      });
    } catch (error) {
      if (fields.autoKey && isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Rows a crashed run left mid-request: they may have reached the push service, so they are not sent again. */
  async failInterrupted(): Promise<void> {
    await this.ds
      .createQueryBuilder()
      .update(PushDelivery)
      .set({ status: "failed", lastError: "Interrupted during sending; not retried so that nobody gets the alert twice" })
      .where("status = 'sending'")
      .execute();
  }

  /** The next deliveries due, oldest first. */
  dueDeliveries(now: Date, limit: number) {
    return this.deliveries.createQueryBuilder("d").where("d.status = 'pending' AND d.nextAttemptAt <= :now", { now: toDbDate(now) }).orderBy("d.id").limit(limit).getMany();
  }

  findCampaign(id: number) {
    return this.campaigns.findOneBy({ id });
  }

  /** pending → sending, so that only one sender ever sends a delivery; false when someone else claimed it. */
  async claim(id: number): Promise<boolean> {
    const result = await this.deliveries.createQueryBuilder().update().set({ status: "sending", attempts: () => "attempts + 1" }).where("id = :id AND status = 'pending'", { id }).execute();
    return result.affected === 1;
  }

  async settle(id: number, fields: Partial<Pick<PushDelivery, "status" | "lastStatusCode" | "lastError" | "deliveredAt" | "nextAttemptAt">> & { status: DeliveryStatus }): Promise<void> {
    await this.deliveries.update({ id }, fields);
  }

  /** A pending delivery of a subscription that is gone is cancelled. */
  async cancel(id: number, reason: string): Promise<void> {
    await this.deliveries.update({ id, status: "pending" }, { status: "cancelled", lastError: reason });
  }

  /** Alerts whose every delivery is settled are complete. */
  async completeCampaigns(now: Date): Promise<void> {
    await this.ds.query(
      "UPDATE push_campaign SET status = 'sent', completedAt = ? WHERE status = 'sending' AND NOT EXISTS " +
        "(SELECT 1 FROM push_delivery d WHERE d.campaignId = push_campaign.id AND d.status IN ('pending', 'sending'))",
      [toDbDate(now)],
    );
  }

  /** Counts the first click of a delivered alert; false when it was counted already (or the delivery is unknown). */
  async recordClick(deliveryId: number, now: Date): Promise<boolean> {
    const result = await this.deliveries
      .createQueryBuilder()
      .update()
      .set({ clickedAt: now })
      .where("id = :id AND clickedAt IS NULL AND status = 'delivered'", { id: deliveryId })
      .execute();
    return result.affected === 1;
  }

  /** The last alerts with their delivery and click counts, newest first. */
  async listCampaigns(limit: number): Promise<CampaignRow[]> {
    const rows: Record<string, unknown>[] = await this.ds.query(
      "SELECT c.id id, c.createdAt createdAt, c.topic topic, c.title title, c.body body, c.articleId articleId, c.url url, c.autoKey autoKey, c.status status, c.recipients recipients, " +
        "COALESCE(SUM(CASE WHEN d.status = 'delivered' THEN 1 ELSE 0 END),0) delivered, COALESCE(SUM(CASE WHEN d.status IN ('failed','gone') THEN 1 ELSE 0 END),0) failed, " +
        "COALESCE(SUM(CASE WHEN d.status IN ('pending','sending') THEN 1 ELSE 0 END),0) pending, COALESCE(SUM(CASE WHEN d.clickedAt IS NOT NULL THEN 1 ELSE 0 END),0) clicks " +
        "FROM push_campaign c LEFT JOIN push_delivery d ON d.campaignId = c.id " +
        "GROUP BY c.id, c.createdAt, c.topic, c.title, c.body, c.articleId, c.url, c.autoKey, c.status, c.recipients ORDER BY c.id DESC LIMIT ?",
      [limit],
    );
    return rows.map((r) => ({
      id: n(r.id),
      createdAt: fromDbDate(r.createdAt)!,
      topic: String(r.topic),
      title: String(r.title),
      body: String(r.body),
      articleId: r.articleId === null ? null : n(r.articleId),
      url: String(r.url),
      automatic: r.autoKey !== null,
      status: String(r.status) as "sending" | "sent",
      recipients: n(r.recipients),
      delivered: n(r.delivered),
      failed: n(r.failed),
      pending: n(r.pending),
      clicks: n(r.clicks),
    }));
  }

  /** Alerts, deliveries and clicks since a time (the growth analytics). */
  async totalsSince(since: Date): Promise<{ alerts: number; delivered: number; clicks: number }> {
    const [row] = await this.ds.query(
      "SELECT COUNT(DISTINCT c.id) alerts, COALESCE(SUM(CASE WHEN d.status = 'delivered' THEN 1 ELSE 0 END),0) delivered, COALESCE(SUM(CASE WHEN d.clickedAt IS NOT NULL THEN 1 ELSE 0 END),0) clicks " +
        "FROM push_campaign c LEFT JOIN push_delivery d ON d.campaignId = c.id WHERE c.createdAt >= ?",
      [toDbDate(since)],
    );
    return { alerts: n(row?.alerts), delivered: n(row?.delivered), clicks: n(row?.clicks) };
  }
}
