// The two admin doors whose bodies are files: POST /api/admin/import takes a WordPress export as the raw body
// (validated while it streams in), GET /api/admin/export streams the site's own export. Express routes, not
// procedures, because neither body is JSON; both are mounted before the API's JSON-only rule and need the
// administrator's session. An upload from another site never gets here (refuseCrossSite, src/http/sameOrigin.ts).
import type { Express, Request, RequestHandler } from "express";
import { z } from "zod";
import { DomainError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../lib/errors.js";
import { importOptionsSchema, parseMapArgument } from "../schemas/imports.js";
import { exportDocument } from "../services/export/exporter.js";
import type { Services } from "../services/index.js";
import { DEFAULT_WXR_LIMITS } from "../services/wordpress/wxrParser.js";
import { staffFor } from "./staffAuth.js";
import type { Actor } from "../services/auth.js";

/** Body types a cross-site HTML form can send: never an import file. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;
const MAX_UPLOAD_BYTES = DEFAULT_WXR_LIMITS.maxFileChars;

const flag = z.enum(["true", "false"]).optional().transform((v) => v === "true");
const uploadQuery = z.object({ map: z.string().max(100_000).optional(), dryRun: flag, stickyAsBreaking: flag, review: flag });

/** Import and export are the site administrator's (site:manage); both are logged once accepted. */
async function requireSession(services: Services, req: Request): Promise<Actor> {
  return staffFor(services, req, "site:manage");
}
const logged = (services: Services, req: Request, actor: Actor, action: string, targetId?: string) =>
  services.audit.record({ actor, action, targetType: "site", targetId, summary: new URLSearchParams(req.query as Record<string, string>).toString().slice(0, 200) });

function uploadImport(services: Services): RequestHandler {
  return async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "private, no-store");
      const actor = await requireSession(services, req);
      if (FORM_TYPES.test(req.get("content-type") ?? "")) throw new UnsupportedMediaTypeError("Send the WordPress export file itself as the body (Content-Type: application/xml)");
      if (Number(req.get("content-length") ?? 0) > MAX_UPLOAD_BYTES) throw new PayloadTooLargeError(`The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: import it with npm run import`);
      const query = uploadQuery.safeParse(req.query);
      if (!query.success) throw new ValidationError("Invalid options: map is slug=category pairs, dryRun, stickyAsBreaking and review are true or false");
      let mapped: ReturnType<typeof parseMapArgument>;
      try {
        mapped = parseMapArgument(query.data.map ?? "");
      } catch (error) {
        throw new ValidationError((error as Error).message.replace("--map", "map"));
      }
      const options = importOptionsSchema.parse({ ...mapped, dryRun: query.data.dryRun, stickyAsBreaking: query.data.stickyAsBreaking });
      const { id } = await services.importJobs.upload(req, options, query.data.review);
      await logged(services, req, actor, "import.upload", id);
      res.status(202).setHeader("Location", `/api/admin/import/${id}`);
      res.json({ id });
    } catch (error) {
      if (error instanceof DomainError && !req.complete) {
        // Refused before the whole body arrived (a runaway node): answer now and close, rather than read the rest.
        res.setHeader("Connection", "close");
        const socket = req.socket;
        res.on("finish", () => socket?.destroy());
      }
      next(error);
    }
  };
}

function downloadExport(services: Services): RequestHandler {
  return async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "private, no-store");
      const actor = await requireSession(services, req);
      await logged(services, req, actor, "export.download");
      const revisions = req.query.revisions === "true";
      const day = new Date().toISOString().slice(0, 10);
      res.type("application/json").setHeader("Content-Disposition", `attachment; filename="defense-sentinel-export-${day}.json"`);
      for await (const piece of exportDocument(services.siteData, services.siteSettings, services.config, { revisions })) {
        if (!res.write(piece)) await new Promise((resolve) => res.once("drain", resolve));
      }
      res.end();
    } catch (error) {
      // Headers are gone once the document started: cut the answer, so it can never pass for a whole export.
      if (res.headersSent) {
        services.logger.error({ err: error }, "export failed midway");
        res.destroy();
        return;
      }
      next(error);
    }
  };
}

export function installImportRoutes(app: Express, services: Services) {
  app.post("/api/admin/import", uploadImport(services));
  app.get("/api/admin/export", downloadExport(services));
}

/** Both doors in the OpenAPI document (they are not tRPC procedures: their bodies are files). */
export function documentImportRoutes<T extends { paths?: Record<string, unknown> }>(document: T): T {
  const paths = (document.paths ??= {}) as Record<string, Record<string, unknown>>;
  const error = (description: string) => ({ description, content: { "application/json": { schema: { type: "object", properties: { message: { type: "string" }, code: { type: "string" } } } } } });
  const flagParam = (name: string, description: string) => ({ name, in: "query", required: false, schema: { type: "string", enum: ["true", "false"] }, description });
  paths["/admin/import"] = {
    ...paths["/admin/import"],
    post: {
      operationId: "imports-upload",
      summary: "Upload a WordPress export (WXR) to import",
      description:
        "Body: the WXR file itself (Content-Type application/xml), at most 256 MB. It is parsed as it arrives with no DTD and no entity expansion; a file that is not WXR, is truncated, has a DOCTYPE or a node over 4 MB is refused with 400 and stores nothing. Accepted from this site's pages only (Origin/Sec-Fetch-Site). Answers 202 with the job's id; follow it with GET /admin/import/{id}.",
      tags: ["import"],
      security: [{ sessionCookie: [] }],
      parameters: [
        { name: "map", in: "query", required: false, schema: { type: "string" }, description: "WordPress category or tag slugs to our categories: a=land,b=sea; *=analysis sets the default" },
        flagParam("dryRun", "Report what the import would do, writing nothing"),
        flagParam("stickyAsBreaking", "Sticky posts become breaking news"),
        flagParam("review", "Stop after reading the file (status ready) for the mapping step: POST /admin/import/{id}/start"),
      ],
      requestBody: { required: true, content: { "application/xml": { schema: { type: "string", format: "binary" } } } },
      responses: { "202": { description: "Accepted: {id}", content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } } }, "400": error("Not a WordPress export, truncated or hostile XML (the message says which)"), "401": error("No staff session"), "403": error("Sent from another site, or a role without site:manage"), "413": error("Larger than 256 MB"), "415": error("A form body instead of the file") },
    },
  };
  paths["/admin/export"] = {
    ...paths["/admin/export"],
    get: {
      operationId: "export-download",
      summary: "The whole site as one JSON document (format defense-sentinel-export, version 1)",
      description: "Articles (with their revisions when revisions=true), comments, edited static pages, business contacts, newsletter subscribers with their consent state, settings and redirects; no secrets. Restore it into an empty site with npm run import -- export FILE.json.",
      tags: ["import"],
      security: [{ sessionCookie: [] }],
      parameters: [flagParam("revisions", "Include every article's revisions")],
      responses: { "200": { description: "The export document", content: { "application/json": { schema: { type: "object" } } } }, "401": error("No staff session"), "403": error("A role without site:manage") },
    },
  };
  return document;
}
