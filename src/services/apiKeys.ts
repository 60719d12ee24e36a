import { randomBytes } from "node:crypto";
import type { ApiKey } from "../entities/ApiKey.js";
import type { Clock } from "../lib/clock.js";
import type { ApiKeyRepository } from "../repositories/apiKeyRepository.js";
import type { StaffRepository } from "../repositories/staffRepository.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../lib/errors.js";
import { sha256 } from "../lib/password.js";
import { MINUTE, iso } from "../lib/time.js";
import { API_SCOPES, IMPLIED_SCOPES, type ApiKeyCreateInput, type ApiKeyDto, type ApiScope } from "../schemas/partner.js";
import { can, scopesFor, type Role } from "../schemas/staff.js";
import { toActor, type Actor } from "./auth.js";

const KEY_PREFIX = "dsk_";
const KEY_SHAPE = /^dsk_[A-Za-z0-9_-]{43}$/;
/** lastUsedAt is written at most this often per key, not on every request. */
const LAST_USED_GRANULARITY = MINUTE;

/** Who a request with a valid key acts as: the key and exactly its scopes. */
export interface KeyPrincipal {
  id: number;
  scopes: readonly ApiScope[];
  /** The staff member the key acts as. */
  actor: Actor;
}

const parseScopes = (text: string) => text.split(" ").filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));

/** Partner API keys: shown once at creation, stored as a SHA-256 hash, checked on every request (so a revocation holds at once on every instance). */
export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly staff: Pick<StaffRepository, "findById">,
    private readonly clock: Clock,
  ) {}

  private toDto(key: ApiKey): ApiKeyDto {
    const now = this.clock.now();
    return {
      id: key.id,
      label: key.label,
      prefix: key.prefix,
      scopes: parseScopes(key.scopes),
      createdAt: iso(key.createdAt)!,
      expiresAt: iso(key.expiresAt),
      lastUsedAt: iso(key.lastUsedAt),
      revokedAt: iso(key.revokedAt),
      active: !key.revokedAt && (!key.expiresAt || new Date(key.expiresAt) > now),
    };
  }

  /** A key of the actor's own, with scopes their role allows (403 beyond it). */
  async create(input: ApiKeyCreateInput, actor: Pick<Actor, "id" | "role">): Promise<ApiKeyDto & { key: string }> {
    const allowed = scopesFor(actor.role);
    const beyond = input.scopes.filter((s) => !allowed.includes(s));
    if (beyond.length) throw new ForbiddenError(`Your role (${actor.role}) cannot give a key the scope ${beyond.join(", ")}`);
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt <= this.clock.now()) throw new ValidationError("The expiry must be in the future", [{ path: "expiresAt", message: "Must be in the future" }]);
    const key = KEY_PREFIX + randomBytes(32).toString("base64url");
    const saved = await this.keys.add({ label: input.label, keyHash: sha256(key), prefix: key.slice(0, 12), scopes: [...new Set(input.scopes)].join(" "), staffId: actor.id, expiresAt, createdAt: this.clock.now() });
    return { ...this.toDto(saved), key };
  }

  /** Every key for those who manage staff, else the actor's own; newest first (revoked and expired ones marked inactive). */
  async list(actor?: Pick<Actor, "id" | "role">): Promise<ApiKeyDto[]> {
    return (await this.keys.list(!actor || can(actor.role, "staff:manage") ? undefined : actor.id)).map((k) => this.toDto(k));
  }

  /** Revokes at once: the next request with the key is refused, on every instance. */
  async revoke(id: number, actor: Pick<Actor, "id" | "role">): Promise<ApiKeyDto> {
    const key = await this.keys.findById(id);
    if (!key || (key.staffId !== actor.id && !can(actor.role, "staff:manage"))) throw new NotFoundError("API key not found");
    if (!key.revokedAt) {
      await this.keys.revoke(id, this.clock.now());
      key.revokedAt = this.clock.now();
    }
    return this.toDto(key);
  }

  /**
   * The key's principal, or null for a malformed, unknown, revoked or expired key, or one whose owner is suspended or
   * gone. Its scopes are capped by the owner's role as it is now (a demoted owner's keys lose what the role lost).
   */
  async authenticate(token: string): Promise<KeyPrincipal | null> {
    if (!KEY_SHAPE.test(token)) return null;
    const key = await this.keys.findByHash(sha256(token));
    const now = this.clock.now();
    if (!key || key.revokedAt || (key.expiresAt && new Date(key.expiresAt) <= now) || key.staffId === null) return null;
    const owner = await this.staff.findById(key.staffId);
    if (!owner || owner.status !== "active") return null;
    if (!key.lastUsedAt || now.getTime() - new Date(key.lastUsedAt).getTime() >= LAST_USED_GRANULARITY) {
      await this.keys.markUsed(key.id, now);
    }
    const allowed = scopesFor(owner.role as Role);
    const scopes = parseScopes(key.scopes).flatMap((s) => [s, ...(IMPLIED_SCOPES[s] ?? [])]);
    return { id: key.id, scopes: [...new Set(scopes)].filter((s) => allowed.includes(s)), actor: toActor(owner, { keyId: key.id }) };
  }
}
