import type { Config } from "../config.js";
import type { StaffMember } from "../entities/StaffMember.js";
import { hashPassword, randomToken, sha256, verifyPassword } from "../lib/password.js";
import { DAY, MINUTE, iso } from "../lib/time.js";
import type { AdminSessionRepository } from "../repositories/adminSessionRepository.js";
import type { StaffRepository } from "../repositories/staffRepository.js";
import { slugify } from "../schemas/slug.js";
import type { Role } from "../schemas/staff.js";
import type { SettingRepository } from "../repositories/settingRepository.js";
import type { RateLimiter } from "./rateLimiter.js";
import { TwoFactor } from "./staff/twoFactor.js";

export const SESSION_COOKIE = "ds_session";
/** The session cookie's name: with the __Host- prefix on https sites, so no subdomain or plain-http page can set it. */
export const sessionCookieName = (config: { secureCookies: boolean }) => (config.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
export const SESSION_TTL = DAY;
/** A session's lastSeenAt is written at most this often (the person's own is written at sign-in). */
const SEEN_GRANULARITY = MINUTE;

/** Who a staff operation acts as: the signed-in person, or the owner of the API key the request carries. */
export interface Actor {
  id: number;
  email: string | null;
  name: string;
  role: Role;
  twoFactor: boolean;
  /** The session's public id (absent for an API key). */
  sessionId?: string;
  /** The API key the request carries, if any. */
  keyId?: number;
}

export const toActor = (s: StaffMember, extra: Partial<Actor> = {}): Actor => ({ id: s.id, email: s.email, name: s.name, role: s.role as Role, twoFactor: Boolean(s.totpSecret), ...extra });
/** A session's public id: the start of its token's hash (the token itself cannot be recovered from it). */
export const sessionPublicId = (tokenHash: string) => tokenHash.slice(0, 16);

export type LoginResult = { ok: true; token: string; actor: Actor } | { ok: false; reason: "invalid" | "two-factor"; actor?: Actor; codeGiven?: boolean; email?: string };

/** Staff sign-in (password, then the second factor when enabled) and server-side sessions (24 hours, token hashes only). */
export class AuthService {
  readonly twoFactor: TwoFactor;

  constructor(
    private readonly staff: StaffRepository,
    private readonly sessions: AdminSessionRepository,
    private readonly config: Config,
    private readonly _settings: SettingRepository,
    private readonly limiter: RateLimiter,
  ) {
    this.twoFactor = new TwoFactor(staff, config.siteName);
  }

  async owner(): Promise<StaffMember> {
    const owner = await this.staff.owner();
    if (!owner) throw new Error("The staff table has no owner: run the migrations");
    return owner;
  }

  /**
   * At start: ADMIN_PASSWORD replaces the owner's stored hash (ADMIN_EMAIL the address); with neither password, a
   * random one is generated and printed once. A migrated owner gets SITE_NAME's staff byline as name.
   */
  async ensurePassword(log: (message: string) => void = (message) => process.stdout.write(`${message}\n`)): Promise<void> {
    const owner = await this.owner();
    if (!owner.name) {
      const name = `${this.config.siteName} Staff`;
      const taken = await this.staff.slugTaken(slugify(name));
      await this.staff.update(owner.id, { name, slug: taken ? `${slugify(name)}-${owner.id}` : slugify(name) || "staff" });
    }
    if (this.config.adminEmail && owner.email !== this.config.adminEmail) {
      const holder = await this.staff.findByEmail(this.config.adminEmail);
      if (!holder) await this.staff.update(owner.id, { email: this.config.adminEmail });
      else log(`ADMIN_EMAIL ${this.config.adminEmail} belongs to another staff member: the owner's address is unchanged.`);
    }
    if (this.config.adminPassword) {
      if (!owner.passwordHash || !(await verifyPassword(this.config.adminPassword, owner.passwordHash))) await this.setPassword(owner.id, await hashPassword(this.config.adminPassword));
      return;
    }
    if (owner.passwordHash) return;
    const generated = randomToken().slice(0, 20);
    await this.setPassword(owner.id, await hashPassword(generated));
    log(`\n  Administrator password (shown once, only its hash is stored): ${generated}\n  Set ADMIN_PASSWORD to choose your own.\n`);
  }

  /** A new password hash ends every session of that person (but `keep`), on every instance: sessions live in the database. */
  async setPassword(staffId: number, hash: string, keep?: string | null): Promise<void> {
    await this.staff.update(staffId, { passwordHash: hash });
    await this.endSessions(staffId, keep);
  }

  /** Ends every session of a person, but the one `keep` (a token) if given. */
  async endSessions(staffId: number, keep?: string | null): Promise<void> {
    await this.sessions.deleteOf(staffId, keep ? sha256(keep) : undefined);
  }

  /**
   * Checks the password, then the second factor, under the login throttle: each attempt is counted for the client
   * and for the account (across all clients) before the slow hash runs; a success gives its attempts back but never
   * erases earlier failures. `email` omitted: the owner (the single-password login of earlier versions).
   */
  async signIn(input: { email?: string; password: string; code?: string }, client: string, userAgent?: string): Promise<LoginResult> {
    const person = input.email ? await this.staff.findByEmail(input.email.toLowerCase()) : await this.owner();
    const account = person ? `staff-${person.id}` : `unknown-${sha256(input.email ?? "")}`;
    const clientKey = await this.limiter.reserveLoginAttempt("login", client, this.config.rateLimits.login);
    let accountKey: string;
    try {
      accountKey = await this.limiter.reserveLoginAttempt("login-account", account, this.config.rateLimits.loginAccount);
    } catch (error) {
      await this.limiter.releaseLoginAttempt(clientKey, this.config.rateLimits.login);
      throw error;
    }
    const release = async () => {
      await this.limiter.releaseLoginAttempt(clientKey, this.config.rateLimits.login);
      await this.limiter.releaseLoginAttempt(accountKey, this.config.rateLimits.loginAccount);
    };
    // An unknown address costs the same slow hash, so the answer's time does not tell who is staff.
    const passwordOk = await verifyPassword(input.password, person?.passwordHash ?? DUMMY_HASH);
    if (!person || !passwordOk || !person.passwordHash || person.status !== "active") return { ok: false, reason: "invalid", actor: person ? toActor(person) : undefined, email: input.email };
    if (person.totpSecret) {
      if (!input.code) {
        // The password was right: only a wrong code counts against the account.
        await release();
        return { ok: false, reason: "two-factor", actor: toActor(person) };
      }
      if (!(await this.twoFactor.verify(person, input.code))) return { ok: false, reason: "two-factor", actor: toActor(person), codeGiven: true };
    }
    await release();
    await this.staff.update(person.id, { lastSeenAt: new Date() });
    const token = await this.createSession(person.id, userAgent);
    return { ok: true, token, actor: toActor(person, { sessionId: sessionPublicId(sha256(token)) }) };
  }

  /** The owner's password login of earlier versions: a session token, or null. */
  async login(password: string, client: string): Promise<string | null> {
    const result = await this.signIn({ password }, client);
    return result.ok ? result.token : null;
  }

  async createSession(staffId: number, userAgent?: string): Promise<string> {
    const token = randomToken();
    await this.sessions.add({ tokenHash: sha256(token), staffId, expiresAt: new Date(Date.now() + SESSION_TTL), lastSeenAt: new Date(), userAgent: userAgent?.slice(0, 200) || null });
    return token;
  }

  /** The person behind a session token: an unexpired session of an active account, or null. */
  async sessionActor(token: string | undefined | null): Promise<Actor | null> {
    if (!token || token.length > 200) return null;
    const tokenHash = sha256(token);
    const session = await this.sessions.findWithStaff(tokenHash);
    if (!session?.staff || new Date(session.expiresAt).getTime() <= Date.now() || session.staff.status !== "active") return null;
    const now = new Date();
    if (!session.lastSeenAt || now.getTime() - new Date(session.lastSeenAt).getTime() >= SEEN_GRANULARITY) {
      await this.sessions.touch(tokenHash, now);
    }
    return toActor(session.staff, { sessionId: sessionPublicId(tokenHash) });
  }

  async isValidSession(token: string | undefined | null): Promise<boolean> {
    return Boolean(await this.sessionActor(token));
  }

  async logout(token: string | undefined | null): Promise<void> {
    if (token && token.length <= 200) await this.sessions.delete(sha256(token));
  }

  /** A person's open sessions, newest first. */
  async listSessions(staffId: number, currentToken: string | null) {
    const rows = await this.sessions.listOf(staffId);
    const current = currentToken ? sha256(currentToken) : null;
    return rows
      .filter((s) => new Date(s.expiresAt).getTime() > Date.now())
      .map((s) => ({ id: sessionPublicId(s.tokenHash), createdAt: iso(s.createdAt)!, lastSeenAt: iso(s.lastSeenAt), expiresAt: iso(s.expiresAt)!, userAgent: s.userAgent, current: s.tokenHash === current }));
  }

  /** Ends one of a person's sessions by its public id; false when there is no such session of theirs. */
  async revokeSession(staffId: number, id: string): Promise<boolean> {
    if (!/^[0-9a-f]{16}$/.test(id)) return false;
    const match = (await this.sessions.hashesOf(staffId)).filter((hash) => sessionPublicId(hash) === id);
    if (!match.length) return false;
    await this.sessions.deleteHashes(match);
    return true;
  }

  async pruneExpiredSessions(): Promise<void> {
    await this.sessions.pruneExpired(new Date());
  }
}

/** A valid scrypt hash of a random string: unknown addresses are checked against it, at the same cost. */
const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
