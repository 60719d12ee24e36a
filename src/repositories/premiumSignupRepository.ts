// Premium-plan sign-up requests from the dialog (before Stripe: the administrator activates them once paid).
import type { DataSource } from "typeorm";
import { PremiumSignup } from "../entities/PremiumSignup.js";

export class PremiumSignupRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(PremiumSignup);
  }

  add(fields: Pick<PremiumSignup, "email" | "plan">): Promise<PremiumSignup> {
    return this.repo.save(this.repo.create({ ...fields, status: "requested", activatedAt: null, cancelledAt: null }));
  }

  /** A page of sign-ups, newest first, optionally of one status, with the total. */
  page(status: string | undefined, page: number, pageSize: number): Promise<[PremiumSignup[], number]> {
    return this.repo.findAndCount({ where: status ? { status } : {}, order: { createdAt: "DESC", id: "DESC" }, take: pageSize, skip: (page - 1) * pageSize });
  }

  findById(id: number): Promise<PremiumSignup | null> {
    return this.repo.findOneBy({ id });
  }

  save(signup: PremiumSignup): Promise<PremiumSignup> {
    return this.repo.save(signup);
  }

  async countsByStatus(): Promise<Record<string, number>> {
    const rows: { status: string; n: string | number }[] = await this.repo.createQueryBuilder("p").select("p.status", "status").addSelect("COUNT(*)", "n").groupBy("p.status").getRawMany();
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
