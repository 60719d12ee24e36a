// Staff accounts: people with their role, status and public profile, their invitation and reset tokens, and their
// second factor (TOTP secret, last used step, single-use recovery codes).
import { type DataSource, In, IsNull, MoreThan } from "typeorm";
import { ApiKey } from "../entities/ApiKey.js";
import { Article } from "../entities/Article.js";
import { StaffMember } from "../entities/StaffMember.js";
import { StaffRecoveryCode } from "../entities/StaffRecoveryCode.js";
import { StaffToken } from "../entities/StaffToken.js";
import { createTransactionRunner, managerOf } from "./transaction.js";

export type StaffChanges = Partial<Pick<StaffMember, "name" | "bio" | "slug" | "avatarUrl" | "email" | "role" | "status" | "passwordHash" | "lastSeenAt">>;
export type TokenKind = "invite" | "reset";

export class StaffRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(StaffMember);
  }
  private get tokens() {
    return this.ds.getRepository(StaffToken);
  }
  private get recoveryCodes() {
    return this.ds.getRepository(StaffRecoveryCode);
  }
  private transaction() {
    return createTransactionRunner(this.ds);
  }

  findById(id: number): Promise<StaffMember | null> {
    return this.repo.findOneBy({ id });
  }

  owner(): Promise<StaffMember | null> {
    return this.repo.findOneBy({ role: "owner" });
  }

  findByEmail(email: string, activeOnly = false): Promise<StaffMember | null> {
    return this.repo.findOneBy(activeOnly ? { email, status: "active" } : { email });
  }

  findActiveBySlug(slug: string): Promise<StaffMember | null> {
    return this.repo.findOneBy({ slug, status: "active" });
  }

  /** The name and slug of an active member. */
  activeName(id: number): Promise<Pick<StaffMember, "name" | "slug"> | null> {
    return this.repo.findOne({ select: { name: true, slug: true }, where: { id, status: "active" } });
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.repo.countBy({ email })) > 0;
  }

  async slugTaken(slug: string): Promise<boolean> {
    return (await this.repo.countBy({ slug })) > 0;
  }

  /** Everyone, in id order. */
  all(): Promise<StaffMember[]> {
    return this.repo.find({ order: { id: "ASC" } });
  }

  /** Names by id. */
  async names(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    return new Map((await this.repo.find({ select: { id: true, name: true }, where: { id: In(ids) } })).map((s) => [s.id, s.name]));
  }

  add(fields: Pick<StaffMember, "email" | "name" | "passwordHash" | "role" | "status" | "slug">): Promise<StaffMember> {
    return this.repo.save(this.repo.create(fields));
  }

  /** Changes a member's fields (a unique violation, of the address or the slug, is thrown as the driver's). */
  async update(id: number, changes: StaffChanges): Promise<void> {
    await this.repo.update({ id }, changes);
  }

  /** The owner becomes an administrator and `toId` the owner, in one transaction. */
  async transferOwnership(fromId: number, toId: number): Promise<void> {
    await this.transaction()(async (tx) => {
      const staff = managerOf(this.ds, tx).getRepository(StaffMember);
      await staff.update({ id: fromId }, { role: "administrator" });
      await staff.update({ id: toId }, { role: "owner" });
    });
  }

  /**
   * Deletes a member in one transaction: their articles (owned and submitted) pass to `heirId`, their API keys are
   * revoked and their pending reset links end. Answers how many articles changed owner.
   */
  async remove(id: number, heirId: number, now: Date): Promise<number> {
    return this.transaction()(async (tx) => {
      const m = managerOf(this.ds, tx);
      const moved = await m.getRepository(Article).update({ authorId: id }, { authorId: heirId });
      await m.getRepository(Article).update({ submittedById: id }, { submittedById: heirId });
      await m.getRepository(ApiKey).update({ staffId: id, revokedAt: IsNull() }, { revokedAt: now });
      await m.getRepository(StaffToken).update({ staffId: id, kind: "reset", usedAt: IsNull() }, { revokedAt: now });
      await m.getRepository(StaffMember).delete({ id });
      return moved.affected ?? 0;
    });
  }

  // ---------- invitation and reset tokens ----------

  addToken(fields: Pick<StaffToken, "kind" | "email" | "tokenHash" | "expiresAt"> & Partial<Pick<StaffToken, "role" | "staffId">>): Promise<StaffToken> {
    return this.tokens.save(this.tokens.create(fields));
  }

  findToken(kind: TokenKind, tokenHash: string): Promise<StaffToken | null> {
    return this.tokens.findOneBy({ kind, tokenHash });
  }

  /** Marks a token used, once: false when another request used (or revoked) it first. */
  async useToken(id: number, at: Date): Promise<boolean> {
    const result = await this.tokens.update({ id, usedAt: IsNull(), revokedAt: IsNull() }, { usedAt: at });
    return Boolean(result.affected);
  }

  /** Revokes the address's pending invitations. */
  async revokeInvitationsTo(email: string, at: Date): Promise<void> {
    await this.tokens.update({ kind: "invite", email, usedAt: IsNull(), revokedAt: IsNull() }, { revokedAt: at });
  }

  /** Invitations neither used, revoked nor expired at `now`, newest first. */
  pendingInvitations(now: Date): Promise<StaffToken[]> {
    return this.tokens.find({ where: { kind: "invite", usedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(now) }, order: { id: "DESC" } });
  }

  findInvitation(id: number): Promise<StaffToken | null> {
    return this.tokens.findOneBy({ id, kind: "invite" });
  }

  async revokeToken(id: number, at: Date): Promise<void> {
    await this.tokens.update({ id }, { revokedAt: at });
  }

  // ---------- second factor ----------

  async setPendingSecret(id: number, secret: string): Promise<void> {
    await this.repo.update({ id }, { totpPending: secret });
  }

  /** The confirmed secret replaces any earlier one, with fresh recovery codes (their hashes), in one transaction. */
  async enableTwoFactor(id: number, secret: string, step: number, codeHashes: string[]): Promise<void> {
    await this.transaction()(async (tx) => {
      const m = managerOf(this.ds, tx);
      await m.getRepository(StaffMember).update({ id }, { totpSecret: secret, totpPending: null, totpLastStep: step });
      await m.getRepository(StaffRecoveryCode).delete({ staffId: id });
      await m.getRepository(StaffRecoveryCode).insert(codeHashes.map((codeHash) => ({ staffId: id, codeHash, usedAt: null })));
    });
  }

  async disableTwoFactor(id: number): Promise<void> {
    await this.transaction()(async (tx) => {
      const m = managerOf(this.ds, tx);
      await m.getRepository(StaffMember).update({ id }, { totpSecret: null, totpPending: null, totpLastStep: null });
      await m.getRepository(StaffRecoveryCode).delete({ staffId: id });
    });
  }

  /** Records a used time step in one conditional update: false when this or a later step was used already. */
  async claimTotpStep(id: number, step: number): Promise<boolean> {
    const result = await this.repo
      .createQueryBuilder()
      .update()
      .set({ totpLastStep: step })
      .where("id = :id AND (totpLastStep IS NULL OR totpLastStep < :step)", { id, step })
      .execute();
    return Boolean(result.affected);
  }

  /** Uses up an unused recovery code: false when there is none with this hash. */
  async useRecoveryCode(staffId: number, codeHash: string, at: Date): Promise<boolean> {
    const used = await this.recoveryCodes.update({ staffId, codeHash, usedAt: IsNull() }, { usedAt: at });
    return Boolean(used.affected);
  }

  unusedRecoveryCodes(staffId: number): Promise<number> {
    return this.recoveryCodes.countBy({ staffId, usedAt: IsNull() });
  }
}
