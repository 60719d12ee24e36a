// Uploaded images: how their URLs are built and read, shared by the server and the React app (no server imports).
// An uploaded image lives in /media/{id}/ where the id ends in its dimensions ({random}-{width}x{height}), so a
// page can write its <picture> (every width, every format, width/height) from the article's imageUrl alone.
import { z } from "zod";
import { isoDate } from "./common.js";

export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Formats accepted in and written out, by file extension. */
export const IMAGE_EXTENSIONS = ["jpg", "png", "webp", "avif", "gif"] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

const MEDIA_URL = /^\/media\/([a-z0-9]{8,32}-(\d{1,5})x(\d{1,5}))\/(\d{1,5})\.(jpg|png|webp|avif|gif)$/;

/** The widths written for an image `width` pixels wide: the standard ones that fit, or its own width when narrower. */
export const widthsFor = (width: number): number[] => {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width);
  return fitting.length ? fitting : [width];
};

export interface MediaImageRef {
  id: string;
  width: number;
  height: number;
  ext: ImageExtension;
  widths: number[];
}

/** An uploaded image's facts from its URL (`/media/{id}/{width}.{ext}`), or null for any other (external) URL. */
export function parseMediaUrl(url: string | null | undefined): MediaImageRef | null {
  const m = url ? MEDIA_URL.exec(url) : null;
  if (!m) return null;
  const [, id, w, h, , ext] = m;
  return { id, width: Number(w), height: Number(h), ext: ext as ImageExtension, widths: widthsFor(Number(w)) };
}

export const mediaFileUrl = (id: string, width: number, ext: string) => `/media/${id}/${width}.${ext}`;
export const socialCardUrl = (id: string) => `/media/${id}/social.jpg`;
/** The URL an article stores: the largest rendition in the original format. */
export const mainImageUrl = (ref: Pick<MediaImageRef, "id" | "width" | "ext">) => mediaFileUrl(ref.id, widthsFor(ref.width).at(-1)!, ref.ext);

/** `srcset` of one format: every written width. */
export const srcSet = (ref: MediaImageRef, ext: string) => ref.widths.map((w) => `${mediaFileUrl(ref.id, w, ext)} ${w}w`).join(", ");

/** The height of a rendition `w` pixels wide. */
export const heightAt = (ref: Pick<MediaImageRef, "width" | "height">, w: number) => Math.round((ref.height * w) / ref.width);

export const mediaImageSchema = z.object({
  id: z.string().describe("Folder of the image under /media"),
  format: z.enum(IMAGE_EXTENSIONS).describe("Format of the upload, also written out besides AVIF and WebP"),
  width: z.number().int().describe("Pixels, after orientation"),
  height: z.number().int(),
  bytes: z.number().int().describe("Bytes of every stored file together"),
  uploadBytes: z.number().int().describe("Bytes of the upload"),
  name: z.string().nullable().describe("File name sent in X-File-Name, if any"),
  url: z.string().describe("The largest rendition in the original format: what an article's imageUrl holds"),
  socialUrl: z.string().describe("1200×630 JPEG for og:image"),
  widths: z.array(z.number().int()).describe("Widths written (320, 640, 960, 1280, 1920; never upscaled)"),
  sources: z.record(z.string(), z.array(z.string())).describe("URLs per format (avif, webp and the original), by width"),
  createdAt: isoDate,
  usedBy: z.array(z.object({ id: z.number().int(), title: z.string() })).describe("Articles whose image or body uses it"),
});
export type MediaImageDto = z.infer<typeof mediaImageSchema>;
