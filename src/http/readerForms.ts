// The reader's forms without the page's code (src/schemas/readerForms.ts): a plain form post to the page it sits
// on runs the very procedure the page's code calls through tRPC (same validation, rate limits, comment filter,
// double opt-in, Checkout), then answers 303 back to the page with the outcome named (Post/Redirect/Get), or has the
// page rendered again with the error and the reader's input. A form post cannot be made JSON, so these are the
// reader's only non-JSON doors: refuseCrossSite (src/http/sameOrigin.ts), mounted before every route, refuses a
// post another site's page sends.
import { TRPCError } from "@trpc/server";
import express, { type Request, type Response } from "express";
import { PREMIUM_PLANS } from "../schemas/constants.js";
import { EMAIL_REQUIRED, FORM_FIELD, MISSING_INFORMATION, READER_FORMS, noticeUrl, type FormNotice, type FormState, type NoticeKey, type ReaderFormId } from "../schemas/readerForms.js";
import type { Services } from "../services/index.js";
import { createContextFactory } from "../trpc/context.js";
import { createCaller } from "../trpc/router.js";
import { toHttp } from "./toHttp.js";

/** What a form post comes to: a redirect (back to the page, or to Stripe's Checkout), or the page again with the error. */
export type FormAnswer = { redirect: string } | { state: FormState };

type Caller = ReturnType<typeof createCaller>;
type Fields = Record<string, string>;
interface FormPost {
  form: ReaderFormId;
  fields: Fields;
  /** The page's own address, where the answer lands. */
  pageUrl: string;
  caller: Caller;
}

/** Form bodies: a comment of 5,000 characters, percent-encoded, fits; a handful of fields, no nesting. */
export const readFormBody = express.urlencoded({ extended: false, limit: "64kb", parameterLimit: 16 });

const text = (fields: Fields, name: string) => fields[name] ?? "";

/** The reader-facing words of a failed procedure (through toHttp, the one error table): the fields' own messages
 *  for invalid input, else its message; a server error keeps the form's own words. */
function failure(error: unknown, title: string, fallback: string): { notice: FormNotice; status: number } {
  if (!(error instanceof TRPCError)) throw error;
  const http = toHttp(error);
  if (http.status >= 500) return { notice: { title, description: fallback, error: true }, status: http.status };
  const description = http.fields?.length ? [...new Set(http.fields.map((f) => f.message))].join(". ") : http.message;
  return { notice: { title, description, error: true }, status: http.status };
}

/** Runs one form's procedure: its success names a notice for the redirect, its failure keeps the reader's input. */
async function run<T>(post: FormPost, kept: string[], call: () => Promise<T>, success: (result: T) => NoticeKey | { redirect: string }, title: string, fallback: string): Promise<FormAnswer> {
  try {
    const outcome = success(await call());
    return typeof outcome === "string" ? { redirect: noticeUrl(post.pageUrl, post.form, outcome) } : outcome;
  } catch (error) {
    const { notice, status } = failure(error, title, fallback);
    return { state: { form: post.form, notice, status, values: Object.fromEntries(kept.map((k) => [k, text(post.fields, k)])) } };
  }
}

const refuse = (post: FormPost, notice: FormNotice, kept: string[]): FormAnswer => ({ state: { form: post.form, notice, status: 400, values: Object.fromEntries(kept.map((k) => [k, text(post.fields, k)])) } });

const HANDLERS: Record<ReaderFormId, (post: FormPost) => Promise<FormAnswer>> = {
  "newsletter-card": newsletter,
  "newsletter-footer": newsletter,
  comment: (post) => {
    const kept = ["authorName", "authorEmail", "content"];
    const [authorName, authorEmail, content] = kept.map((k) => text(post.fields, k).trim());
    if (!authorName || !authorEmail || !content) return Promise.resolve(refuse(post, MISSING_INFORMATION, kept));
    const website = text(post.fields, "website");
    return run(
      post,
      kept,
      () => post.caller.comments.create({ articleId: Number(text(post.fields, "articleId")), authorName, authorEmail, content, ...(website ? { website } : {}) }),
      (comment) => (comment.isApproved ? "comment-posted" : "comment-held"),
      "Error",
      "Failed to submit comment",
    );
  },
  signin: (post) => run(post, ["email"], () => post.caller.account.signIn({ email: text(post.fields, "email") }), () => "signin-sent", "Sign-in failed", "Please try again later."),
  plans: (post) => {
    const email = text(post.fields, "email").trim();
    const plan = text(post.fields, "plan");
    if (!email) return Promise.resolve(refuse(post, EMAIL_REQUIRED, ["email", "plan"]));
    return run(
      post,
      ["email", "plan"],
      () => post.caller.premium.subscribe({ email, plan: (Object.hasOwn(PREMIUM_PLANS, plan) ? plan : "monthly") as keyof typeof PREMIUM_PLANS }),
      // With payments connected the reader goes on to Stripe's Checkout, as the dialog sends the browser there.
      (result) => (result.url ? { redirect: result.url } : "premium-requested"),
      "Subscription failed",
      "Please try again later or contact support.",
    );
  },
  "newsletter-confirm": (post) =>
    run(post, [], () => post.caller.newsletter.confirm({ token: text(post.fields, "token") }), () => ({ redirect: noticeUrl("/newsletter/confirm", post.form, "confirmed") }), "Confirmation link not valid", "We could not confirm your subscription just now. Please try again."),
};

function newsletter(post: FormPost) {
  return run(post, ["email"], () => post.caller.newsletter.subscribe({ email: text(post.fields, "email") }), () => "subscribed", "Subscription failed", "Please try again later.");
}

/** Reads a reader's form post on a page's address; undefined when the body names no form of ours. */
export function readerFormHandler(services: Services) {
  const context = createContextFactory(services);
  return async (req: Request, res: Response): Promise<FormAnswer | undefined> => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields: Fields = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === "string"));
    const form = fields[FORM_FIELD] as ReaderFormId;
    if (!READER_FORMS.includes(form)) return undefined;
    res.setHeader("Cache-Control", "no-store");
    return HANDLERS[form]({ form, fields, pageUrl: req.originalUrl, caller: createCaller(context({ req, res })) });
  };
}
