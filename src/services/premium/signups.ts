import type { PremiumSignup } from "../../entities/PremiumSignup.js";
import { NotFoundError, ValidationError } from "../../lib/errors.js";
import { iso } from "../../lib/time.js";
import type { PremiumSignupRepository } from "../../repositories/premiumSignupRepository.js";
import type { PremiumPlan } from "../../schemas/constants.js";
import { PREMIUM_TRANSITIONS, type PremiumSignupDto, type PremiumStatus } from "../../schemas/premium.js";

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
  constructor(private readonly signups: PremiumSignupRepository) {}

  request(email: string, plan: PremiumPlan): Promise<PremiumSignup> {
    return this.signups.add({ email, plan });
  }

  /** Newest first, optionally one status, with the count of every status. */
  async list(input: { status?: PremiumStatus; page: number; pageSize: number }) {
    const [items, total] = await this.signups.page(input.status, input.page, input.pageSize);
    return { items: items.map(toPremiumSignupDto), total, counts: await this.countsByStatus() };
  }

  /** Marks a sign-up active (paid), cancelled or refused; activation and cancellation times feed the revenue figures. */
  async setStatus(id: number, status: PremiumStatus): Promise<PremiumSignupDto> {
    const signup = await this.signups.findById(id);
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
    return toPremiumSignupDto(await this.signups.save(signup));
  }

  countsByStatus(): Promise<Record<string, number>> {
    return this.signups.countsByStatus();
  }
}
