import type { DataSource } from "typeorm";
import { Setting } from "../entities/Setting.js";

/** Key-value settings and secrets stored in the database so every instance shares them. */
export class SettingRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Setting);
  }

  async get(key: string): Promise<string | null> {
    return (await this.repo.findOneBy({ key }))?.value ?? null;
  }

  async set(key: string, value: string): Promise<void> {
    await this.repo.save(this.repo.create({ key, value }));
  }

  /** Returns the stored value, or stores `create()` once (first writer wins across instances). */
  async getOrCreate(key: string, create: () => string): Promise<string> {
    const existing = await this.get(key);
    if (existing !== null) return existing;
    try {
      await this.repo.insert({ key, value: create() });
    } catch {
      // another instance inserted it first
    }
    return (await this.get(key))!;
  }

  async getJson<T>(key: string, fallback: T): Promise<T> {
    const raw = await this.get(key);
    if (raw === null) return fallback;
    try {
      return { ...fallback, ...JSON.parse(raw) };
    } catch {
      return fallback;
    }
  }
}
