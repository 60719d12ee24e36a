import type { SettingRepository } from "../repositories/settingRepository.js";
import { DEFAULT_SETTINGS, siteSettingsSchema, type SiteSettings } from "../schemas/settings.js";

const KEY = "site.settings";

/** Growth targets and the revenue split, edited on /settings; the defaults until the administrator saves. */
export class SiteSettingsService {
  constructor(private readonly settings: SettingRepository) {}

  async get(): Promise<SiteSettings> {
    const raw = await this.settings.get(KEY);
    if (!raw) return DEFAULT_SETTINGS;
    try {
      const stored = JSON.parse(raw);
      const parsed = siteSettingsSchema.safeParse({ targets: { ...DEFAULT_SETTINGS.targets, ...stored.targets }, revenueSplit: { ...DEFAULT_SETTINGS.revenueSplit, ...stored.revenueSplit } });
      return parsed.success ? parsed.data : DEFAULT_SETTINGS;
    } catch {
      return DEFAULT_SETTINGS;
    }
  }

  async update(next: SiteSettings): Promise<SiteSettings> {
    await this.settings.set(KEY, JSON.stringify(next));
    return next;
  }
}
