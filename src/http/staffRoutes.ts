// The forms of the mailed staff links, for browsers with or without JavaScript: POST /staff/accept (an invitation's
// name and password), /staff/reset-request (ask for a reset link) and /staff/reset (the new password). Each answers
// with a redirect carrying its message (Post/Redirect/Get). A cross-site POST never gets here (refuseCrossSite).
// The pages' other forms (the footer's newsletter sign-up) post to the same addresses: those go on to the reader's
// form handler (src/http/readerForms.ts).
import type { Express, Request, Response } from "express";
import { z } from "zod";
import { DomainError } from "../lib/errors.js";
import { email } from "../schemas/common.js";
import { FORM_FIELD, READER_FORMS } from "../schemas/readerForms.js";
import { readFormBody } from "./readerForms.js";
import { acceptInput, staffPassword, tokenText } from "../schemas/staff.js";
import { staffSessionCookie } from "../trpc/context.js";
import type { Services } from "../services/index.js";

const form = readFormBody;
const back = (res: Response, path: string, params: Record<string, string>) => res.redirect(303, `${path}?${new URLSearchParams(params)}`);
const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? "Check the form";

export function installStaffRoutes(app: Express, services: Services) {
  const { staffAccounts, audit, config } = services;
  const setSession = (res: Response, token: string) => res.append("Set-Cookie", staffSessionCookie(config, token));
  const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
  const tokenOf = (req: Request) => (typeof body(req).token === "string" ? (body(req).token as string).slice(0, 100) : "");
  /** Known refusals go back to the form with their message; anything else is the error handler's. */
  const handle = (path: string, run: (req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response, next: (e?: unknown) => void) => {
    if ((READER_FORMS as readonly unknown[]).includes(body(req)[FORM_FIELD])) return next();
    res.setHeader("Cache-Control", "no-store");
    try {
      await run(req, res);
    } catch (error) {
      if (!(error instanceof DomainError)) return next(error);
      const token = tokenOf(req);
      back(res, path, { ...(token ? { token } : {}), error: error.message });
    }
  };

  app.post(
    "/staff/accept",
    form,
    handle("/staff/accept", async (req, res) => {
      const input = acceptInput.safeParse(body(req));
      if (!input.success) return back(res, "/staff/accept", { token: tokenOf(req), error: firstIssue(input.error) });
      const { token, staff } = await staffAccounts.accept(input.data, req.get("user-agent"));
      await audit.record({ actor: staff, action: "staff.accept", targetType: "staff", targetId: staff.id, summary: `joined as ${staff.role}` });
      setSession(res, token);
      res.redirect(303, "/admin");
    }),
  );

  app.post(
    "/staff/reset-request",
    form,
    handle("/staff/reset", async (req, res) => {
      const input = z.object({ email }).safeParse(body(req));
      if (!input.success) return back(res, "/staff/reset", { error: firstIssue(input.error) });
      await services.limiter.consume("staff-reset", req.ip ?? "unknown", config.rateLimits.login);
      const staff = await staffAccounts.requestPasswordReset(input.data.email);
      if (staff) await audit.record({ actor: staff, action: "staff.password-reset.request", targetType: "staff", targetId: staff.id });
      back(res, "/staff/reset", { sent: "1" });
    }),
  );

  app.post(
    "/staff/reset",
    form,
    handle("/staff/reset", async (req, res) => {
      const input = z.object({ token: tokenText, password: staffPassword }).safeParse(body(req));
      if (!input.success) return back(res, "/staff/reset", { token: tokenOf(req), error: firstIssue(input.error) });
      const staff = await staffAccounts.confirmPasswordReset(input.data.token, input.data.password);
      await audit.record({ actor: staff, action: "staff.password-reset", targetType: "staff", targetId: staff.id });
      back(res, "/staff/reset", { done: "1" });
    }),
  );
}
