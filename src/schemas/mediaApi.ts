import { z } from "zod";
import { isoDate } from "./common.js";
import { IMAGE_EXTENSIONS } from "./media.js";

/** An uploaded image as the API answers it. */
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
