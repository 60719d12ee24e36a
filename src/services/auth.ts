import type { DataSource } from "typeorm";
import type { Config } from "../config.js";
import { AdminSession } from "../entities/AdminSession.js";
import { hashPassword, randomToken, sha256, verifyPassword } from "../lib/password.js";
import { DAY, toDbDate } from "../lib/time.js";
import type { SettingRepository } from "../repositories/settingRepository.js";
import type { RateLimiter } from "./rateLimiter.js";

export const SESSION_COOKIE = "ds_session";
/** The session cookie's name: with the __Host- prefix on https sites, so no subdomain or plain-http page can set it. */
export const sessionCookieName = (config: { secureCookies: boolean }) => (config.secureCookies ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
export const SESSION_TTL = DAY;
const PASSWORD_KEY = "admin.passwordHash";
const ADMIN_ACCOUNT = "admin";

/** The administrator's password and server-side sessions (24-hour expiry, stored as token hashes). */
export class AuthService {
  constructor(
    private readonly ds: DataSource,
    private readonly config: Config,
    private readonly settings: SettingRepository,
    private readonly limiter: RateLimiter,
  ) {}

  /** At start: ADMIN_PASSWORD replaces the stored hash; with neither, a random password is generated and printed once. */
  async ensurePassword(log: (message: string) => void = (message) => process.stdout.write(`${message}\n`)): Promise<void> {
    if (this.config.adminPassword) {
      const stored = await this.settings.get(PASSWORD_KEY);
      if (!stored || !(await verifyPassword(this.config.adminPassword, stored))) {
        await this.storePasswordHash(await hashPassword(this.config.adminPassword));
      }
      return;
    }
    if (await this.settings.get(PASSWORD_KEY)) return;
    const generated = randomToken().slice(0, 20);
    await this.storePasswordHash(await hashPassword(generated));
    log(`\n  Administrator password (shown once, only its hash is stored): ${generated}\n  Set ADMIN_PASSWORD to choose your own.\n`);
  }

  /** A new password hash ends every administrator session: whoever held the old password is logged out. */
  private async storePasswordHash(hash: string): Promise<void> {
    await this.settings.set(PASSWORD_KEY, hash);
    await this.ds.getRepository(AdminSession).createQueryBuilder().delete().execute();
  }

  /**
   * Checks the password under the login throttle: the attempt is counted for the client and for the
   * one administrator account (across all clients) before the slow hash runs; a success gives its
   * attempts back but never erases earlier failures. Returns a new session token on success.
   */
  async login(password: string, client: string): Promise<string | null> {
    const clientKey = await this.limiter.reserveLoginAttempt("login", client, this.config.rateLimits.login);
    let accountKey: string;
    try {
      accountKey = await this.limiter.reserveLoginAttempt("login-account", ADMIN_ACCOUNT, this.config.rateLimits.loginAccount);
    } catch (error) {
      await this.limiter.releaseLoginAttempt(clientKey, this.config.rateLimits.login);
      throw error;
    }
    const stored = await this.settings.get(PASSWORD_KEY);
    if (!stored || !(await verifyPassword(password, stored))) return null;
    await this.limiter.releaseLoginAttempt(clientKey, this.config.rateLimits.login);
    await this.limiter.releaseLoginAttempt(accountKey, this.config.rateLimits.loginAccount);
    const token = randomToken();
    await this.ds.getRepository(AdminSession).insert({ tokenHash: sha256(token), expiresAt: new Date(Date.now() + SESSION_TTL) });
    return token;
  }

  async isValidSession(token: string | undefined | null): Promise<boolean> {
    if (!token || token.length > 200) return false;
    const session = await this.ds.getRepository(AdminSession).findOneBy({ tokenHash: sha256(token) });
    return Boolean(session && new Date(session.expiresAt).getTime() > Date.now());
  }

  async logout(token: string | undefined | null): Promise<void> {
    if (token) await this.ds.getRepository(AdminSession).delete({ tokenHash: sha256(token) });
  }

  async pruneExpiredSessions(): Promise<void> {
    await this.ds.getRepository(AdminSession).createQueryBuilder().delete().where("expiresAt < :now", { now: toDbDate(new Date()) }).execute();
  }
}
