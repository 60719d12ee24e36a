import { randomBytes } from "node:crypto";
import type { StaffMember } from "../../entities/StaffMember.js";
import type { StaffRepository } from "../../repositories/staffRepository.js";
import { ValidationError } from "../../lib/errors.js";
import { sha256 } from "../../lib/password.js";

const PERIOD = 30;
/** Loaded on the first two-factor step, not at the boot (it is for staff sign-ins only). */
let otpauth: Promise<typeof import("otpauth")> | undefined;
const loadOtpauth = () => (otpauth ??= import("otpauth"));
const RECOVERY_CODES = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** Recovery codes are compared without case, spaces or hyphens. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** TOTP (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step) with single-use recovery codes. */
export class TwoFactor {
  constructor(
    private readonly staff: StaffRepository,
    private readonly issuer: string,
    private readonly now: () => number = () => Date.now(),
  ) {}

  private async totp(secret: string, label: string) {
    const { Secret, TOTP } = await loadOtpauth();
    return new TOTP({ issuer: this.issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
  }

  /** A new secret offered to the person (kept pending until a code confirms it). */
  async setup(staff: StaffMember): Promise<{ secret: string; otpauthUrl: string }> {
    if (staff.totpSecret) throw new ValidationError("Two-factor sign-in is already enabled: turn it off first to set up a new device");
    const { Secret } = await loadOtpauth();
    const secret = new Secret({ size: 20 }).base32;
    await this.staff.setPendingSecret(staff.id, secret);
    return { secret, otpauthUrl: (await this.totp(secret, staff.email ?? staff.name)).toString() };
  }

  /** Confirms the pending secret with a code from the app; answers the recovery codes (shown once). */
  async enable(staff: StaffMember, code: string): Promise<string[]> {
    if (staff.totpSecret) throw new ValidationError("Two-factor sign-in is already enabled");
    if (!staff.totpPending) throw new ValidationError("Start the setup first (POST /api/admin/me/2fa/setup)");
    const step = await this.matchingStep(staff.totpPending, code);
    if (step === null) throw new ValidationError("That code is not valid: check the time on your device and try the next code", [{ path: "code", message: "Invalid code" }]);
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await this.staff.enableTwoFactor(staff.id, staff.totpPending, step, codes.map((c) => sha256(normalise(c))));
    return codes;
  }

  /** Turns the second factor off (after a valid code, checked by the caller) or for a lost device (the owner's command). */
  async disable(staffId: number): Promise<void> {
    await this.staff.disableTwoFactor(staffId);
  }

  private async matchingStep(secret: string, code: string): Promise<number | null> {
    const token = code.replace(/\s/g, "");
    if (!/^\d{6}$/.test(token)) return null;
    const timestamp = this.now();
    const delta = (await this.totp(secret, "x")).validate({ token, timestamp, window: 1 });
    return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD) + delta;
  }

  /**
   * A code from the app (never the same time step twice) or an unused recovery code (used up by this call).
   * Both are checked with a conditional update, so two requests racing with one code cannot both succeed.
   */
  async verify(staff: StaffMember, code: string): Promise<boolean> {
    if (!staff.totpSecret || code.length > 40) return false;
    const step = await this.matchingStep(staff.totpSecret, code);
    if (step !== null) {
      return this.staff.claimTotpStep(staff.id, step);
    }
    return this.staff.useRecoveryCode(staff.id, sha256(normalise(code)), new Date(this.now()));
  }

  async unusedRecoveryCodes(staffId: number): Promise<number> {
    return this.staff.unusedRecoveryCodes(staffId);
  }
}
