import type { DataSource } from "typeorm";
import { PremiumSignup } from "../entities/PremiumSignup.js";
import { NotFoundError, ValidationError } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import type { PremiumPlan } from "../schemas/constants.js";
import { PREMIUM_TRANSITIONS, type PremiumSignupDto, type PremiumStatus } from "../schemas/premium.js";

export const toPremiumSignupDto = (p: PremiumSignup): PremiumSignupDto => ({
  id: p.id,
  email: p.email,
  plan: p.plan as PremiumPlan,
  status: p.status as PremiumStatus,
  createdAt: iso(p.createdAt)!,
  activatedAt: iso(p.activatedAt),
  cancelledAt: iso(p.cancelledAt),
});

/** Premium-plan sign-up requests from the dialog; activated by the administrator once paid. */
export class PremiumService {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(PremiumSignup);
  }

  async request(email: string, plan: PremiumPlan): Promise<PremiumSignup> {
    return this.repo.save(this.repo.create({ email, plan, status: "requested", activatedAt: null, cancelledAt: null }));
  }

  /** Newest first, optionally one status, with the count of every status. */
  async list(input: { status?: PremiumStatus; page: number; pageSize: number }) {
    const [items, total] = await this.repo.findAndCount({
      where: input.status ? { status: input.status } : {},
      order: { createdAt: "DESC", id: "DESC" },
      take: input.pageSize,
      skip: (input.page - 1) * input.pageSize,
    });
    return { items: items.map(toPremiumSignupDto), total, counts: await this.countsByStatus() };
  }

  /** Marks a sign-up active (paid), cancelled or refused; activation and cancellation times feed the revenue figures. */
  async setStatus(id: number, status: PremiumStatus): Promise<PremiumSignupDto> {
    const signup = await this.repo.findOneBy({ id });
    if (!signup) throw new NotFoundError("Premium sign-up not found");
    const from = signup.status as PremiumStatus;
    if (from === status) return toPremiumSignupDto(signup);
    if (!PREMIUM_TRANSITIONS[from]?.includes(status)) {
      throw new ValidationError(`Cannot mark ${from === "active" ? "an" : "a"} ${from} sign-up as ${status}`, [{ path: "status", message: `Allowed: ${PREMIUM_TRANSITIONS[from].join(", ")}` }]);
    }
    const now = new Date();
    if (status === "active") {
      signup.activatedAt = now;
      signup.cancelledAt = null;
    } else if (status === "cancelled") {
      signup.cancelledAt = now;
    }
    signup.status = status;
    return toPremiumSignupDto(await this.repo.save(signup));
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
