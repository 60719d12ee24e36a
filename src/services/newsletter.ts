import type { DataSource } from "typeorm";
import { NewsletterSubscriber } from "../entities/NewsletterSubscriber.js";
import { isUniqueViolation } from "../lib/errors.js";

/** Newsletter subscriptions: one row per address; a repeat subscription is a success, not a second row. */
export class NewsletterService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(NewsletterSubscriber);
  }

  async subscribe(email: string): Promise<{ subscriber: NewsletterSubscriber; created: boolean }> {
    const existing = await this.repo.findOneBy({ email });
    if (existing) {
      if (existing.status !== "active") {
        existing.status = "active";
        existing.unsubscribedAt = null;
        await this.repo.save(existing);
      }
      return { subscriber: existing, created: false };
    }
    try {
      const subscriber = await this.repo.save(this.repo.create({ email, status: "active", unsubscribedAt: null }));
      return { subscriber, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return { subscriber: (await this.repo.findOneBy({ email }))!, created: false };
    }
  }

  async counts() {
    const [active, total] = await Promise.all([this.repo.countBy({ status: "active" }), this.repo.count()]);
    return { active, total };
  }
}
