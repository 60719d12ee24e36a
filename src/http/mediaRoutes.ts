import express, { type Express, type RequestHandler } from "express";
import { ValidationError } from "../lib/errors.js";
import { MAX_IMAGE_BYTES } from "../schemas/media.js";
import { UnsupportedImageError } from "../services/images.js";
import type { Services } from "../services/index.js";
import { sessionTokenFrom } from "../trpc/context.js";

const ACCEPTED = "JPEG, PNG, WebP, AVIF or GIF";
const readImageBody = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });

/**
 * POST /api/admin/images: the raw image as the body with its image/* type. Mounted before the API's JSON-only
 * rule, which it relaxes for this path only, and only with a session: an HTML form cannot send an image/*
 * body, and a cross-site fetch with one needs a CORS preflight that is never granted.
 */
function uploadImage(services: Services): RequestHandler {
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const fail = (status: number, message: string, code: string) => void res.status(status).json({ message, code });
    if (!(await services.auth.isValidSession(sessionTokenFrom(req)))) return fail(401, "Authentication required", "UNAUTHORIZED");
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (!/^image\/[a-z0-9.+-]+$/.test(type)) return fail(415, `Send the image itself as the body with its image/* Content-Type (${ACCEPTED})`, "UNSUPPORTED_MEDIA_TYPE");
    if (Number(req.headers["content-length"] ?? 0) > MAX_IMAGE_BYTES) return fail(413, "Image too large (at most 10 MB)", "PAYLOAD_TOO_LARGE");
    readImageBody(req, res, async (error?: { type?: string }) => {
      if (error) return error.type === "entity.too.large" ? fail(413, "Image too large (at most 10 MB)", "PAYLOAD_TOO_LARGE") : fail(400, "Could not read the upload", "PARSE_ERROR");
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (body.length === 0) return fail(400, "The upload is empty: send the image as the request body", "BAD_REQUEST");
      const rawName = req.headers["x-file-name"];
      let name: string | null = null;
      try {
        name = typeof rawName === "string" ? decodeURIComponent(rawName).replace(/[\u0000-\u001f]/g, "").trim() || null : null;
      } catch {
        name = null;
      }
      try {
        res.status(201).json(await services.images.upload(body, name));
      } catch (e) {
        if (e instanceof UnsupportedImageError) return fail(415, e.message, "UNSUPPORTED_MEDIA_TYPE");
        if (e instanceof ValidationError) return fail(400, e.message, "BAD_REQUEST");
        next(e);
      }
    });
  };
}

/** Uploaded images: the upload endpoint and the files, immutable for a year (a new upload is a new folder). */
export function installMedia(app: Express, services: Services) {
  app.use("/media", express.static(services.config.mediaDir, { immutable: true, maxAge: "1y", index: false, dotfiles: "ignore", fallthrough: false }));
  app.post("/api/admin/images", uploadImage(services));
}
