import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Metadata, Sharp } from "sharp";
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { MediaImage } from "../entities/MediaImage.js";
import { ConflictError, DomainError, NotFoundError, ValidationError } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import { SOCIAL_CARD, mainImageUrl, mediaFileUrl, socialCardUrl, widthsFor, type ImageExtension } from "../schemas/media.js";
import type { MediaImageDto } from "../schemas/mediaApi.js";

/** The upload is an image, but not of a kind we take (415). */
export class UnsupportedImageError extends DomainError {}

/** sharp's name of a readable input format → our extension. AVIF is read as HEIF with AV1 compression. */
function extensionOf(meta: Metadata): ImageExtension | null {
  if (meta.format === "jpeg") return "jpg";
  if (meta.format === "png" || meta.format === "webp" || meta.format === "gif") return meta.format;
  if (meta.format === "heif" && meta.compression === "av1") return "avif";
  return null;
}

/** Encoders per output format; metadata (EXIF, GPS, XMP, ICC comments) is never copied: sharp drops it unless asked. */
const ENCODE: Record<ImageExtension, (s: Sharp) => Sharp> = {
  jpg: (s) => s.jpeg({ quality: 80, mozjpeg: true }),
  png: (s) => s.png({ compressionLevel: 9, palette: true }),
  webp: (s) => s.webp({ quality: 75, effort: 4 }),
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  gif: (s) => s.gif(),
};

const MAX_INPUT_PIXELS = 60_000_000;

/** Uploaded images: read with sharp, stripped of metadata, written at every width as AVIF, WebP and the original format. */
export class ImageService {
  constructor(
    private readonly ds: DataSource,
    private readonly mediaDir: string,
  ) {}

  private get repo() {
    return this.ds.getRepository(MediaImage);
  }

  /** Reads and stores an upload; a file that is not a JPEG/PNG/WebP/AVIF/GIF image stores nothing. */
  async upload(body: Buffer, name: string | null): Promise<MediaImageDto> {
    // Loaded on the first upload: libvips is large, and most processes never handle one.
    const { default: sharp } = await import("sharp");
    const input = () => sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).autoOrient();
    let meta: Metadata;
    try {
      meta = await sharp(body, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch {
      throw new ValidationError("The file is not a readable image (JPEG, PNG, WebP, AVIF or GIF)", [{ path: "body", message: "Not an image" }]);
    }
    const ext = extensionOf(meta);
    if (!ext) throw new UnsupportedImageError(`Images of type ${meta.format ?? "unknown"} are not accepted: upload a JPEG, PNG, WebP, AVIF or GIF`);
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new ValidationError("The image has no dimensions", [{ path: "body", message: "Not an image" }]);

    const id = `${randomBytes(6).toString("hex")}-${width}x${height}`;
    const dir = path.join(this.mediaDir, id);
    const tmp = path.join(this.mediaDir, `.tmp-${id}`);
    await fs.mkdir(tmp, { recursive: true });
    try {
      const formats = [...new Set<ImageExtension>(["avif", "webp", ext])];
      for (const w of widthsFor(width)) {
        for (const format of formats) await ENCODE[format](input().resize({ width: w, withoutEnlargement: true })).toFile(path.join(tmp, `${w}.${format}`));
      }
      await input().resize(SOCIAL_CARD.width, SOCIAL_CARD.height, { fit: "cover", position: "attention" }).jpeg({ quality: 82, mozjpeg: true }).toFile(path.join(tmp, "social.jpg"));
    } catch {
      await fs.rm(tmp, { recursive: true, force: true });
      throw new ValidationError("The image could not be read completely (damaged or truncated file)", [{ path: "body", message: "Unreadable image" }]);
    }
    const files = await fs.readdir(tmp);
    const sizes = await Promise.all(files.map(async (f) => (await fs.stat(path.join(tmp, f))).size));
    await fs.rename(tmp, dir);
    const row = this.repo.create({ id, format: ext, width, height, bytes: sizes.reduce((a, b) => a + b, 0), uploadBytes: body.length, name: name?.slice(0, 200) || null, createdAt: new Date() });
    try {
      await this.repo.insert(row);
    } catch (error) {
      await fs.rm(dir, { recursive: true, force: true });
      throw error;
    }
    return this.toDto(row, []);
  }

  private toDto(m: MediaImage, usedBy: { id: number; title: string }[]): MediaImageDto {
    const ext = m.format as ImageExtension;
    const widths = widthsFor(m.width);
    const formats = [...new Set(["avif", "webp", ext])];
    return {
      id: m.id,
      format: ext,
      width: m.width,
      height: m.height,
      bytes: m.bytes,
      uploadBytes: m.uploadBytes,
      name: m.name,
      url: mainImageUrl({ id: m.id, width: m.width, ext }),
      socialUrl: socialCardUrl(m.id),
      widths,
      sources: Object.fromEntries(formats.map((f) => [f, widths.map((w) => mediaFileUrl(m.id, w, f))])),
      createdAt: iso(m.createdAt)!,
      usedBy,
    };
  }

  /** Articles whose image or body refers to the image's folder. */
  private usedBy(id: string) {
    const pattern = `%/media/${id}/%`;
    return this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.id", "a.title"])
      .where("a.imageUrl LIKE :pattern OR a.content LIKE :pattern", { pattern })
      .orderBy("a.id", "DESC")
      .getMany()
      .then((rows) => rows.map((a) => ({ id: a.id, title: a.title })));
  }

  /** The media library, newest first, each with the articles that use it. */
  async list(input: { limit: number; offset: number }): Promise<{ items: MediaImageDto[]; total: number }> {
    const [rows, total] = await this.repo.findAndCount({ order: { createdAt: "DESC", id: "DESC" }, take: input.limit, skip: input.offset });
    return { items: await Promise.all(rows.map(async (m) => this.toDto(m, await this.usedBy(m.id)))), total };
  }

  /** Deletes an image and its files; refused while an article uses it. */
  async delete(id: string): Promise<void> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw new NotFoundError("Image not found");
    const usedBy = await this.usedBy(id);
    if (usedBy.length) throw new ConflictError(`The image is used by ${usedBy.map((a) => `“${a.title}”`).join(", ")}: change those articles first`);
    await this.repo.delete({ id });
    await fs.rm(path.join(this.mediaDir, id), { recursive: true, force: true });
  }
}
