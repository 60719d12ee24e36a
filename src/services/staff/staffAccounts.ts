import type { Config } from "../../config.js";
import type { StaffMember } from "../../entities/StaffMember.js";
import type { StaffToken } from "../../entities/StaffToken.js";
import type { AdminSessionRepository } from "../../repositories/adminSessionRepository.js";
import type { StaffChanges, StaffRepository } from "../../repositories/staffRepository.js";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, isUniqueViolation } from "../../lib/errors.js";
import { hashPassword, randomToken, sha256, verifyPassword } from "../../lib/password.js";
import { DAY, HOUR, iso } from "../../lib/time.js";
import { slugify } from "../../schemas/slug.js";
import { ROLE_PERMISSIONS, can, type MeDto, type Role, type StaffDto } from "../../schemas/staff.js";
import type { Actor, AuthService } from "../auth.js";
import type { Mailer } from "../mailer.js";

const INVITATION_TTL = 7 * DAY;
const RESET_TTL = HOUR;

export const toStaffDto = (s: StaffMember): StaffDto => ({ id: s.id, email: s.email, name: s.name, role: s.role as Role, status: s.status as StaffDto["status"], twoFactor: Boolean(s.totpSecret), lastSeenAt: iso(s.lastSeenAt) });

/** Staff accounts: profiles, passwords, invitations, password resets, roles, suspension and deletion. */
export class StaffAccounts {
  constructor(
    private readonly repo: StaffRepository,
    private readonly sessions: Pick<AdminSessionRepository, "lastSeenPerStaff">,
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    /** Called when a public profile changes (the author pages' cache). */
    private readonly onProfileChange: (slugs: string[]) => Promise<void> = async () => undefined,
  ) {}

  async get(id: number): Promise<StaffMember> {
    const staff = await this.repo.findById(id);
    if (!staff) throw new NotFoundError("Staff member not found");
    return staff;
  }

  twoFactorDue(staff: Pick<StaffMember, "role" | "totpSecret">): boolean {
    return !staff.totpSecret && (this.config.staffTwoFactorRequired as string[]).includes(staff.role);
  }

  async me(actor: Actor): Promise<MeDto> {
    const s = await this.get(actor.id);
    return { id: s.id, email: s.email, name: s.name, role: s.role as Role, twoFactor: Boolean(s.totpSecret), twoFactorRequired: this.twoFactorDue(s), slug: s.slug, bio: s.bio, avatarUrl: s.avatarUrl, permissions: [...ROLE_PERMISSIONS[s.role as Role]] };
  }

  async updateProfile(actor: Actor, input: { name?: string; bio?: string | null; slug?: string; avatarUrl?: string | null; email?: string }): Promise<MeDto> {
    const before = await this.get(actor.id);
    const changes: StaffChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.bio !== undefined) changes.bio = input.bio;
    if (input.slug !== undefined) changes.slug = input.slug;
    if (input.avatarUrl !== undefined) changes.avatarUrl = input.avatarUrl;
    if (input.email !== undefined) changes.email = input.email;
    if (Object.keys(changes).length) {
      try {
        await this.repo.update(actor.id, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(input.email !== undefined && input.email !== before.email ? "That address belongs to another staff member" : "That slug is taken");
        throw error;
      }
      await this.onProfileChange([...new Set([before.slug, changes.slug ?? before.slug])]);
    }
    return this.me(actor);
  }

  /** Checks the current password; the new one ends every other session of the person. */
  async changePassword(actor: Actor, current: string, password: string, keepToken: string | null): Promise<void> {
    const staff = await this.get(actor.id);
    if (!staff.passwordHash || !(await verifyPassword(current, staff.passwordHash))) throw new ValidationError("The current password is not right", [{ path: "current", message: "Wrong password" }]);
    await this.auth.setPassword(staff.id, await hashPassword(password), keepToken);
  }

  /** Everyone, with when they were last seen: their newest session activity, or their last sign-in. */
  async list(): Promise<StaffDto[]> {
    const latest = await this.sessions.lastSeenPerStaff();
    return (await this.repo.all()).map((s) => {
      const session = latest.get(s.id);
      return toStaffDto({ ...s, lastSeenAt: session && (!s.lastSeenAt || session > new Date(s.lastSeenAt)) ? session : s.lastSeenAt } as StaffMember);
    });
  }

  /** Public profiles for the author pages: active staff only. */
  async profileBySlug(slug: string) {
    const s = await this.repo.findActiveBySlug(slug);
    if (!s) throw new NotFoundError("Author not found");
    return s;
  }

  /** The author page of an article's owner, when the owner is active. */
  async authorOf(id: number): Promise<{ name: string; slug: string } | null> {
    const s = await this.repo.activeName(id);
    return s ? { name: s.name, slug: s.slug } : null;
  }

  private async issueToken(kind: "invite" | "reset", email: string, fields: Partial<StaffToken>, ttl: number) {
    const token = randomToken();
    const row = await this.repo.addToken({ kind, email, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttl), ...fields });
    return { token, row };
  }

  private async usableToken(kind: "invite" | "reset", token: string): Promise<StaffToken> {
    const row = await this.repo.findToken(kind, sha256(token));
    if (!row || row.usedAt || row.revokedAt || new Date(row.expiresAt).getTime() <= Date.now())
      throw new ValidationError(kind === "invite" ? "This invitation is not valid: it was used, revoked or has expired. Ask for a new one." : "This reset link is not valid: it was used or has expired. Ask for a new one.");
    return row;
  }

  /** Marks a token used, once: false when another request used it first. */
  private async useToken(row: StaffToken): Promise<boolean> {
    return this.repo.useToken(row.id, new Date());
  }

  async invite(actor: Actor, input: { email: string; role: Role }) {
    if (input.role === "owner") throw new ForbiddenError("Ownership is transferred, not invited");
    if (await this.repo.emailTaken(input.email)) throw new ConflictError("That address already belongs to a staff member");
    // A new invitation replaces a pending one to the same address.
    await this.repo.revokeInvitationsTo(input.email, new Date());
    const { token, row } = await this.issueToken("invite", input.email, { role: input.role, staffId: actor.id }, INVITATION_TTL);
    const link = `${this.config.siteUrl}/staff/accept?token=${token}`;
    await this.mailer.send({
      to: input.email,
      subject: `You are invited to the ${this.config.siteName} newsroom`,
      text: `${actor.name} invites you to join the ${this.config.siteName} newsroom as ${input.role}.\n\nChoose your name and password here (the link works once, for 7 days):\n${link}\n\nIf you did not expect this, ignore this mail.`,
    });
    return this.toInvitation(row);
  }

  private toInvitation(r: StaffToken) {
    return { id: r.id, email: r.email, role: r.role as Role, expiresAt: iso(r.expiresAt)!, createdAt: iso(r.createdAt)!, acceptedAt: iso(r.usedAt), revokedAt: iso(r.revokedAt) };
  }

  async listInvitations() {
    return (await this.repo.pendingInvitations(new Date())).map((r) => this.toInvitation(r));
  }

  async revokeInvitation(id: number) {
    const row = await this.repo.findInvitation(id);
    if (!row) throw new NotFoundError("Invitation not found");
    if (!row.usedAt && !row.revokedAt) await this.repo.revokeToken(id, new Date());
    return this.toInvitation({ ...row, revokedAt: row.revokedAt ?? new Date() });
  }

  private async uniqueSlug(name: string): Promise<string> {
    const base = slugify(name).slice(0, 90) || "staff";
    for (let i = 1; ; i++) {
      const slug = i === 1 ? base : `${base}-${i}`;
      if (!(await this.repo.slugTaken(slug))) return slug;
    }
  }

  /** Accepts an invitation: the account is created with the invited role, and signed in. */
  async accept(input: { token: string; name: string; password: string }, userAgent?: string): Promise<{ token: string; staff: StaffMember }> {
    const row = await this.usableToken("invite", input.token);
    if (await this.repo.emailTaken(row.email)) throw new ConflictError("That address already belongs to a staff member");
    const passwordHash = await hashPassword(input.password);
    if (!(await this.useToken(row))) throw new ValidationError("This invitation was just used");
    let staff: StaffMember;
    try {
      staff = await this.repo.add({ email: row.email, name: input.name, passwordHash, role: row.role ?? "contributor", status: "active", slug: await this.uniqueSlug(input.name) });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError("That address already belongs to a staff member");
      throw error;
    }
    return { token: await this.auth.createSession(staff.id, userAgent), staff };
  }

  /** Mails a reset link to an active staff member; the caller answers 202 whatever happened. */
  async requestPasswordReset(email: string): Promise<StaffMember | null> {
    const staff = await this.repo.findByEmail(email, true);
    if (!staff) return null;
    const { token } = await this.issueToken("reset", email, { staffId: staff.id }, RESET_TTL);
    await this.mailer.send({
      to: email,
      subject: `Reset your ${this.config.siteName} newsroom password`,
      text: `Someone asked to reset the password of your ${this.config.siteName} newsroom account.\n\nChoose a new password here (the link works once, for one hour):\n${this.config.siteUrl}/staff/reset?token=${token}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    });
    return staff;
  }

  /** Sets the new password and ends every session of the person. */
  async confirmPasswordReset(token: string, password: string): Promise<StaffMember> {
    const row = await this.usableToken("reset", token);
    const staff = await this.get(row.staffId ?? 0);
    if (staff.status !== "active") throw new ValidationError("This account is suspended");
    const hash = await hashPassword(password);
    if (!(await this.useToken(row))) throw new ValidationError("This reset link was just used");
    await this.auth.setPassword(staff.id, hash);
    return staff;
  }

  /** Role and status changes. Only the owner touches the owner's account; the owner alone transfers ownership. */
  async update(actor: Actor, input: { id: number; role?: Role; status?: "active" | "suspended" }): Promise<{ staff: StaffDto; before: StaffDto }> {
    const target = await this.get(input.id);
    const before = toStaffDto(target);
    if (target.role === "owner" && !can(actor.role, "staff:owner")) throw new ForbiddenError("Only the owner changes the owner's account");
    if (target.id === actor.id) throw new ForbiddenError("You cannot change your own role or status" + (actor.role === "owner" ? ": transfer ownership by making someone else the owner" : ""));
    if (target.role === "owner") throw new ForbiddenError("Transfer ownership to someone else first");
    if (input.role === "owner") {
      if (!can(actor.role, "staff:owner")) throw new ForbiddenError("Only the owner transfers ownership");
      if (target.status !== "active" || input.status === "suspended") throw new ValidationError("Ownership goes to an active account only");
      await this.repo.transferOwnership(actor.id, target.id);
    } else if (input.role) await this.repo.update(target.id, { role: input.role });
    if (input.status) {
      await this.repo.update(target.id, { status: input.status });
      if (input.status === "suspended") await this.auth.endSessions(target.id);
      await this.onProfileChange([target.slug]);
    }
    return { staff: toStaffDto(await this.get(target.id)), before };
  }

  /** Deletes an account: its articles pass to `reassignTo` (default the one deleting), its keys and sessions end. */
  async delete(actor: Actor, id: number, reassignTo = actor.id): Promise<{ deleted: StaffDto; reassignedTo: number; articles: number }> {
    const target = await this.get(id);
    if (target.role === "owner") throw new ForbiddenError("The owner's account cannot be deleted: transfer ownership first");
    if (target.id === actor.id) throw new ForbiddenError("You cannot delete your own account");
    if (reassignTo === target.id) throw new ValidationError("Reassign the articles to someone else");
    const heir = await this.repo.findById(reassignTo);
    if (!heir) throw new ValidationError("The person to reassign the articles to does not exist", [{ path: "reassignTo", message: "Unknown staff member" }]);
    const articles = await this.repo.remove(target.id, heir.id, new Date());
    await this.onProfileChange([target.slug, heir.slug]);
    return { deleted: toStaffDto(target), reassignedTo: heir.id, articles };
  }

  /** Names by id, for lists that show people (the review queue, revisions). */
  async names(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((id) => Number.isInteger(id)))];
    return this.repo.names(unique);
  }
}
