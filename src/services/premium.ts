import type { DataSource } from "typeorm";
import { PremiumSignup } from "../entities/PremiumSignup.js";
import type { PremiumPlan } from "../schemas/constants.js";

/** Premium-plan sign-up requests from the dialog; activated by the administrator once paid. */
export class PremiumService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(PremiumSignup);
  }

  async request(email: string, plan: PremiumPlan): Promise<PremiumSignup> {
    return this.repo.save(this.repo.create({ email, plan, status: "requested", activatedAt: null, cancelledAt: null }));
  }

  async countsByStatus(): Promise<Record<string, number>> {
    const rows: { status: string; n: string | number }[] = await this.repo
      .createQueryBuilder("p")
      .select("p.status", "status")
      .addSelect("COUNT(*)", "n")
      .groupBy("p.status")
      .getRawMany();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
