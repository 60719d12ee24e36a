import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Metadata, Sharp } from "sharp";
import type { MediaImage } from "../entities/MediaImage.js";
import type { MediaRepository } from "../repositories/mediaRepository.js";
import { ConflictError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from "../lib/errors.js";
import { iso } from "../lib/time.js";
import { MAX_ASPECT_RATIO, mainImageUrl, mediaFileUrl, socialCardSize, socialCardUrl, widthsFor, type ImageExtension } from "../schemas/media.js";
import { Deadline, ImageBusyError, ImageJobQueue } from "./imageJobs.js";
import type { MediaImageDto } from "../schemas/mediaApi.js";

/** The upload is an image, but not of a kind we take (415). */
export class UnsupportedImageError extends UnsupportedMediaTypeError {}

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
  // effort 1: about a third of effort 2's time here for files within 1 % of its size (a 1920-wide photo: 0.7 s vs 2.4 s)
  avif: (s) => s.avif({ quality: 50, effort: 1 }),
  gif: (s) => s.gif(),
};

const MAX_INPUT_PIXELS = 60_000_000;

const unreadable = () => new ValidationError("The image could not be read completely (damaged or truncated file)", [{ path: "body", message: "Unreadable image" }]);

/**
 * Uploaded images: read with sharp, stripped of metadata, written at every width as AVIF, WebP and the original format,
 * plus a social card. Extreme aspect ratios are refused; nothing is enlarged more than MAX_UPSCALE; every output is
 * bounded (MAX_RENDITION_PIXELS, the card's size); the work runs in a queue of one job per core and answers within
 * IMAGE_BUDGET_MS or not at all (503).
 */
export class ImageService {
  constructor(
    private readonly media: MediaRepository,
    private readonly mediaDir: string,
    /** Replaced by tests to make the line short or the budget small. */
    public jobs = new ImageJobQueue(),
  ) {}

  /** Reads and stores an upload; a file that is not a JPEG/PNG/WebP/AVIF/GIF image stores nothing. */
  async upload(body: Buffer, name: string | null): Promise<MediaImageDto> {
    // Loaded on the first upload: libvips is large, and most processes never handle one.
    const { default: sharp } = await import("sharp");
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
    if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) {
      throw new ValidationError(`The image is ${width}×${height} pixels: an image may be at most ${MAX_ASPECT_RATIO} times as long as it is wide. Crop it and upload it again.`, [{ path: "body", message: "Aspect ratio beyond 1:10" }]);
    }

    const id = `${randomBytes(6).toString("hex")}-${width}x${height}`;
    const row = await this.jobs.run((deadline) => this.writeFiles(sharp, body, { id, ext, width, height }, deadline));
    const stored: MediaImage = { id, format: ext, width, height, bytes: row.bytes, uploadBytes: body.length, name: name?.slice(0, 200) || null, createdAt: new Date() };
    try {
      await this.media.add(stored);
    } catch (error) {
      await fs.rm(path.join(this.mediaDir, id), { recursive: true, force: true });
      throw error;
    }
    return this.toDto(stored, []);
  }

  /**
   * Writes every rendition and the social card into the image's folder, or nothing (a temporary folder is removed on
   * any failure, the deadline included). The image is decoded once, at the largest rendition's size, for every
   * rendition and (when that is large enough) the card, cropped where the image's content is.
   */
  private async writeFiles(sharp: typeof import("sharp").default, body: Buffer, image: { id: string; ext: ImageExtension; width: number; height: number }, deadline: Deadline): Promise<{ bytes: number }> {
    const tmp = path.join(this.mediaDir, `.tmp-${image.id}`);
    await fs.mkdir(tmp, { recursive: true });
    const input = () => sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).autoOrient().timeout({ seconds: deadline.secondsLeft });
    try {
      const widths = widthsFor(image.width, image.height);
      const base = await input().resize({ width: widths.at(-1), withoutEnlargement: true }).toColourspace("srgb").raw({ depth: "uchar" }).toBuffer({ resolveWithObject: true });
      const { width, height, channels } = base.info;
      for (const w of widths) {
        for (const format of [...new Set<ImageExtension>(["avif", "webp", image.ext])]) {
          deadline.check();
          const rendition = sharp(base.data, { raw: { width, height, channels } }).timeout({ seconds: deadline.secondsLeft });
          await ENCODE[format](w === width ? rendition : rendition.resize({ width: w })).toFile(path.join(tmp, `${w}.${format}`));
        }
      }
      deadline.check();
      // The card comes from the decoded rendition when that is large enough to fill it, else from the upload.
      const card = socialCardSize(image.width, image.height);
      const baseFills = width === image.width || Math.max(card.width / width, card.height / height) <= 1;
      const cardSource = baseFills ? sharp(base.data, { raw: { width, height, channels } }).timeout({ seconds: deadline.secondsLeft }) : input();
      await cardSource.resize(card.width, card.height, { fit: "cover", position: "attention" }).jpeg({ quality: 82, mozjpeg: true }).toFile(path.join(tmp, "social.jpg"));
      const files = await fs.readdir(tmp);
      const sizes = await Promise.all(files.map(async (f) => (await fs.stat(path.join(tmp, f))).size));
      deadline.check(); // an answer already given as a 503 stores nothing
      await fs.rename(tmp, path.join(this.mediaDir, image.id));
      return { bytes: sizes.reduce((a, b) => a + b, 0) };
    } catch (error) {
      await fs.rm(tmp, { recursive: true, force: true });
      if (error instanceof ImageBusyError) throw error;
      // sharp's own timeout ("timeout: 43% complete") is the deadline too
      if (deadline.passed || /^timeout/i.test(String((error as Error)?.message))) deadline.check();
      throw unreadable();
    }
  }

  private toDto(m: MediaImage, usedBy: { id: number; title: string }[]): MediaImageDto {
    const ext = m.format as ImageExtension;
    const widths = widthsFor(m.width, m.height);
    const formats = [...new Set(["avif", "webp", ext])];
    return {
      id: m.id,
      format: ext,
      width: m.width,
      height: m.height,
      bytes: m.bytes,
      uploadBytes: m.uploadBytes,
      name: m.name,
      url: mainImageUrl({ id: m.id, width: m.width, height: m.height, ext }),
      socialUrl: socialCardUrl(m.id),
      widths,
      sources: Object.fromEntries(formats.map((f) => [f, widths.map((w) => mediaFileUrl(m.id, w, f))])),
      createdAt: iso(m.createdAt)!,
      usedBy,
    };
  }

  /** Articles whose image or body refers to the image's folder. */
  private usedBy(id: string) {
    return this.media.usedBy(id);
  }

  /** The media library, newest first, each with the articles that use it. */
  async list(input: { limit: number; offset: number }): Promise<{ items: MediaImageDto[]; total: number }> {
    const [rows, total] = await this.media.page(input.limit, input.offset);
    return { items: await Promise.all(rows.map(async (m) => this.toDto(m, await this.usedBy(m.id)))), total };
  }

  /** Deletes an image and its files; refused while an article uses it. */
  async delete(id: string): Promise<void> {
    const row = await this.media.findById(id);
    if (!row) throw new NotFoundError("Image not found");
    const usedBy = await this.usedBy(id);
    if (usedBy.length) throw new ConflictError(`The image is used by ${usedBy.map((a) => `“${a.title}”`).join(", ")}: change those articles first`);
    await this.media.delete(id);
    await fs.rm(path.join(this.mediaDir, id), { recursive: true, force: true });
  }
}
