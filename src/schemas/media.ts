// Uploaded images: how their URLs are built and read, shared by the server and the React app (no server imports,
// no zod: readers' pages import this; the API schema is in mediaApi.ts).
// An uploaded image lives in /media/{id}/ where the id ends in its dimensions ({random}-{width}x{height}), so a
// page can write its <picture> (every width, every format, width/height) from the article's imageUrl alone.

export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Formats accepted in and written out, by file extension. */
export const IMAGE_EXTENSIONS = ["jpg", "png", "webp", "avif", "gif"] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

const MEDIA_URL = /^\/media\/([a-z0-9]{8,32}-(\d{1,5})x(\d{1,5}))\/(\d{1,5})\.(jpg|png|webp|avif|gif)$/;

/** An image may be at most this many times as long as it is wide (or as wide as it is long): beyond are strips. */
export const MAX_ASPECT_RATIO = 10;
/** No output is ever enlarged more than this (the social card of a small image is smaller than 1200×630). */
export const MAX_UPSCALE = 2;
/** No rendition has more pixels than this (a 1920×1920 square is 3.7 million): bounds the renditions of tall images. */
export const MAX_RENDITION_PIXELS = 1920 * 3840;

/**
 * The widths written for an image: the standard ones no wider than it whose rendition stays within
 * MAX_RENDITION_PIXELS, or its own width when it is narrower than the smallest.
 */
export const widthsFor = (width: number, height: number): number[] => {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width && w * Math.round((height * w) / width) <= MAX_RENDITION_PIXELS);
  return fitting.length ? fitting : [Math.min(width, IMAGE_WIDTHS[0])];
};

/** The social card of an image: SOCIAL_CARD, or smaller when filling it would enlarge the image more than MAX_UPSCALE. */
export const socialCardSize = (width: number, height: number) => {
  const scale = Math.max(SOCIAL_CARD.width / width, SOCIAL_CARD.height / height);
  if (scale <= MAX_UPSCALE) return { ...SOCIAL_CARD };
  return { width: Math.min(SOCIAL_CARD.width, Math.round(width * MAX_UPSCALE)), height: Math.min(SOCIAL_CARD.height, Math.round(height * MAX_UPSCALE)) };
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
  return { id, width: Number(w), height: Number(h), ext: ext as ImageExtension, widths: widthsFor(Number(w), Number(h)) };
}

export const mediaFileUrl = (id: string, width: number, ext: string) => `/media/${id}/${width}.${ext}`;
export const socialCardUrl = (id: string) => `/media/${id}/social.jpg`;
/** The URL an article stores: the largest rendition in the original format. */
export const mainImageUrl = (ref: Pick<MediaImageRef, "id" | "width" | "height" | "ext">) => mediaFileUrl(ref.id, widthsFor(ref.width, ref.height).at(-1)!, ref.ext);

/** `srcset` of one format: every written width. */
export const srcSet = (ref: MediaImageRef, ext: string) => ref.widths.map((w) => `${mediaFileUrl(ref.id, w, ext)} ${w}w`).join(", ");

/** The height of a rendition `w` pixels wide. */
export const heightAt = (ref: Pick<MediaImageRef, "width" | "height">, w: number) => Math.round((ref.height * w) / ref.width);
