import { createHmac, timingSafeEqual } from "node:crypto";
import { generateSecret, type Config } from "../config.js";
import type { SettingRepository } from "../repositories/settingRepository.js";

const SECRET_KEY = "app.secret";

/** APP_SECRET, or one generated once and stored so every instance shares it; signs tokens and derives salts. */
export class AppSecret {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly config: Config,
    private readonly settings: SettingRepository,
  ) {}

  get(): Promise<string> {
    this.secret ??= this.config.appSecret ? Promise.resolve(this.config.appSecret) : this.settings.getOrCreate(SECRET_KEY, generateSecret);
    return this.secret;
  }

  /** HMAC-SHA256 of the text under the secret, with a purpose so one signature never serves another use. */
  async sign(purpose: string, text: string): Promise<string> {
    return createHmac("sha256", await this.get()).update(`${purpose}\n${text}`).digest("base64url");
  }

  async verify(purpose: string, text: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(purpose, text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
