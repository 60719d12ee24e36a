// Partner API keys: stored as a SHA-256 hash with their scopes, owner, expiry and revocation.
import { type DataSource, IsNull } from "typeorm";
import { ApiKey } from "../entities/ApiKey.js";

export class ApiKeyRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(ApiKey);
  }

  add(fields: Pick<ApiKey, "label" | "keyHash" | "prefix" | "scopes" | "staffId" | "expiresAt" | "createdAt">): Promise<ApiKey> {
    return this.repo.save(this.repo.create(fields));
  }

  /** Newest first: everyone's, or one person's. */
  list(staffId?: number): Promise<ApiKey[]> {
    return this.repo.find({ where: staffId === undefined ? {} : { staffId }, order: { id: "DESC" } });
  }

  findById(id: number): Promise<ApiKey | null> {
    return this.repo.findOneBy({ id });
  }

  findByHash(keyHash: string): Promise<ApiKey | null> {
    return this.repo.findOneBy({ keyHash });
  }

  /** Revokes the key unless it is revoked already (the first time stays). */
  async revoke(id: number, at: Date): Promise<void> {
    await this.repo.update({ id, revokedAt: IsNull() }, { revokedAt: at });
  }

  async markUsed(id: number, at: Date): Promise<void> {
    await this.repo.update({ id }, { lastUsedAt: at });
  }
}
