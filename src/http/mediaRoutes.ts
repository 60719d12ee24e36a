import express, { type Express, type RequestHandler } from "express";
import { ParseError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../lib/errors.js";
import type { Actor } from "../services/auth.js";
import { MAX_IMAGE_BYTES } from "../schemas/media.js";
import type { Services } from "../services/index.js";
import { staffFor } from "./staffAuth.js";

const ACCEPTED = "JPEG, PNG, WebP, AVIF or GIF";
const readImageBody = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });
const tooLarge = () => new PayloadTooLargeError("Image too large (at most 10 MB)");

/**
 * POST /api/admin/images: the raw image as the body with its image/* type. Mounted before the API's JSON-only
 * rule, which it relaxes for this path only, and only with a session: an HTML form cannot send an image/*
 * body, and a cross-site fetch with one needs a CORS preflight that is never granted.
 */
function uploadImage(services: Services): RequestHandler {
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    let actor: Actor;
    try {
      actor = await staffFor(services, req, "articles:own");
    } catch (error) {
      return next(error);
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (!/^image\/[a-z0-9.+-]+$/.test(type)) return next(new UnsupportedMediaTypeError(`Send the image itself as the body with its image/* Content-Type (${ACCEPTED})`));
    if (Number(req.headers["content-length"] ?? 0) > MAX_IMAGE_BYTES) return next(tooLarge());
    readImageBody(req, res, async (error?: { type?: string }) => {
      if (error) return next(error.type === "entity.too.large" ? tooLarge() : new ParseError("Could not read the upload"));
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (body.length === 0) return next(new ValidationError("The upload is empty: send the image as the request body"));
      const rawName = req.headers["x-file-name"];
      let name: string | null;
      try {
        // Control characters are stripped from the file name on purpose.
        // eslint-disable-next-line no-control-regex
        name = typeof rawName === "string" ? decodeURIComponent(rawName).replace(/[\u0000-\u001f]/g, "").trim() || null : null;
      } catch {
        name = null;
      }
      try {
        const image = await services.images.upload(body, name);
        await services.audit.record({ actor, action: "image.upload", targetType: "image", targetId: image.id, summary: name ?? "" });
        res.status(201).setHeader("Location", `/api/admin/images/${image.id}`);
        res.json(image);
      } catch (e) {
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

/** The upload in the OpenAPI document (it is not a tRPC procedure: its body is the raw image). */
export function documentImageUpload<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const paths = (document.paths ??= {}) as Record<string, Record<string, unknown>>;
  const error = (description: string) => ({ description, content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" }, code: { type: "string" } } } } } });
  paths["/admin/images"] = {
    ...paths["/admin/images"],
    post: {
      operationId: "images-upload",
      summary: "Upload an image (the raw file as the body)",
      description: `Body: the image itself with its image/* Content-Type (${ACCEPTED}), at most 10 MB; optional X-File-Name header (URL-encoded). Metadata is stripped; widths 320, 640, 960, 1280 and 1920 (never upscaled, and at most 1920×3840 pixels each) are written as AVIF, WebP and the original format, plus a 1200×630 JPEG social card (smaller for images that would need enlarging more than twice), all served under /media immutable for a year. Images more than 10 times as long as they are wide are refused (400). One image is processed per core at a time; the answer comes within 5 seconds of the body being read, or is a 503 with Retry-After. Answers one item as GET /admin/images lists it.`,
      tags: ["admin"],
      security: [{ sessionCookie: [] }],
      requestBody: { required: true, content: { "image/*": { schema: { type: "string", format: "binary" } } } },
      responses: {
        "201": { description: "The stored image: id, dimensions, URLs", headers: { Location: { description: "The new resource: /api/admin/images/{id}", schema: { type: "string" } } }, content: { "application/json": { schema: { type: "object" } } } },
        "400": error("Not a readable image, an empty body, or an image more than 10 times as long as it is wide"),
        "401": error("No staff session"),
        "403": error("The role does not allow uploads"),
        "413": error("Larger than 10 MB"),
        "415": error("Not an image/* body, or an image format that is not accepted"),
        "503": error("Too many uploads at once, or the image took longer than 5 seconds to process: try again after Retry-After seconds"),
      },
    },
  };
  return document;
}
