import { DAY, iso } from "../lib/time.js";
import type { AuditFilter, AuditRepository } from "../repositories/auditRepository.js";

export interface AuditRecord {
  actor: { id: number | null; email: string | null } | null;
  /** What happened, e.g. `article.publish`, `login.failure`, `staff.update`. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  since?: string;
  cursor?: number;
  limit: number;
}

const PAGE = 100;
/** Input fields that never reach the log (secrets) and those shown by name only (long text). */
const SECRET_FIELDS = new Set(["password", "current", "code", "token", "secret", "key"]);
const NAMED_ONLY = new Set(["content", "excerpt", "bio", "body", "html", "note"]);

/** A short summary of what an operation was sent: field names, with short scalar values; never a secret. */
export function summarizeInput(input: unknown): string {
  if (!input || typeof input !== "object") return "";
  const parts: string[] = [];
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    if (value === undefined || key === "id" || SECRET_FIELDS.has(key)) continue;
    if (NAMED_ONLY.has(key) || typeof value === "object" || typeof value === "function") parts.push(Array.isArray(value) && value.length <= 10 && value.every((v) => typeof v === "string" || typeof v === "number") ? `${key}=[${value.join(",")}]` : key);
    else {
      const text = String(value as string | number | boolean);
      parts.push(text.length <= 60 ? `${key}=${text}` : key);
    }
  }
  return parts.join("; ").slice(0, 1000);
}

/** The append-only audit log: written by the procedure builders and the sign-in door; read with filters; never deleted by any API (only AUDIT_KEEP_DAYS prunes it). */
export class AuditLog {
  constructor(
    private readonly entries: AuditRepository,
    private readonly keepDays: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Records one entry. A failure to write is logged, never turned into the operation's failure (it already happened). */
  async record(entry: AuditRecord): Promise<void> {
    try {
      await this.entries.add({
        at: new Date(),
        actorId: entry.actor?.id ?? null,
        actorEmail: entry.actor?.email?.slice(0, 254) ?? null,
        action: entry.action.slice(0, 60),
        targetType: entry.targetType?.slice(0, 40) ?? null,
        targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId).slice(0, 100),
        summary: (entry.summary ?? "").slice(0, 1000),
      });
    } catch (err) {
      this.onError(err);
    }
  }

  /** Newest first, `limit` at a time; `cursor` is the id of the last entry of the previous page. */
  async search(query: AuditQuery) {
    const filter: AuditFilter = { since: query.since ? new Date(query.since) : undefined, beforeId: query.cursor };
    if (query.actor) {
      if (/^\d+$/.test(query.actor)) filter.actorId = Number(query.actor);
      else filter.actorEmail = query.actor.toLowerCase();
    }
    if (query.action) filter.action = query.action.endsWith(".") ? { prefix: query.action } : { exact: query.action };
    const rows = await this.entries.search(filter, Math.min(query.limit, PAGE));
    return rows.map((r) => ({ id: r.id, at: iso(r.at)!, actorId: r.actorId, actorEmail: r.actorEmail, action: r.action, targetType: r.targetType, targetId: r.targetId, summary: r.summary }));
  }

  /** Drops entries older than AUDIT_KEEP_DAYS (the daily maintenance job). */
  async prune(now = new Date()): Promise<void> {
    await this.entries.prune(new Date(now.getTime() - this.keepDays * DAY));
  }
}
