// Test data: one factory per aggregate the tests make. Each builds its rows the way the product does (the service a
// door calls, or the administrator's REST call where that is the door under test's neighbour), with unique defaults
// that any test may override. Aggregates made the way a person makes them live beside the person's steps:
// readers and their sessions (readerSignIn.ts: signInReader), push subscriptions (pushClient.ts: pushBrowser),
// Stripe subscriptions and payments as Stripe reports them (fakeStripe.ts: event, subscription, invoice).
import type { DataSource } from "typeorm";
import { InvoicePayment } from "../../src/entities/InvoicePayment.js";
import { StaffMember } from "../../src/entities/StaffMember.js";
import { hashPassword } from "../../src/lib/password.js";
import type { ArticleCreateInput } from "../../src/schemas/article.js";
import type { ApiScope } from "../../src/schemas/partner.js";
import type { Role } from "../../src/schemas/staff.js";
import type { Services } from "../../src/services/index.js";
import type { TestApp } from "./testApp.js";

let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

/** A valid article payload; override any field. */
export function articleInput(overrides: Partial<ArticleCreateInput> = {}): ArticleCreateInput {
  const id = unique();
  return {
    title: `Test article ${id}`,
    slug: `test-article-${id}`,
    content: `## Overview\n\nBody of article ${id}.\n\n### Details\n\nMore text.`,
    category: "land",
    ...overrides,
  };
}

/** An article saved as the newsroom saves one (its revision, outbox row and SEO audit included). */
export async function createArticle(services: Services, overrides: Partial<ArticleCreateInput> = {}) {
  return services.articles.create(articleInput(overrides));
}

type CommentFields = { articleId: number; authorName?: string; authorEmail?: string; content?: string };

/** A comment posted as a reader posts one: through the comment filter, which may hold it for moderation. */
export async function postComment(services: Services, fields: CommentFields) {
  return services.commentService.post({ authorName: "Reader", authorEmail: "reader@example.com", content: "A reader's comment", ...fields });
}

/** A stored comment in the given moderation state, past the filter (a held one carries a reason). */
export async function createComment(services: Services, fields: CommentFields & { status: "approved" | "pending" | "rejected"; moderationReason?: string | null }) {
  const { status } = fields;
  return services.comments.create({ authorName: "Reader", authorEmail: "reader@example.com", content: "A reader's comment", moderationReason: status === "pending" ? "Held by the test" : null, ...fields });
}

/** A newsletter subscriber: signed up and, unless `pending`, confirmed by their link (double opt-in). */
export async function createSubscriber(services: Services, email = `subscriber-${unique()}@example.com`, status: "active" | "pending" = "active") {
  await services.newsletter.subscribe(email);
  if (status === "active") await services.newsletter.confirm(await services.newsletter.confirmToken(email));
  return email;
}

/** A partner API key, made through the administrator's REST path; the key itself is shown only here. */
export async function createApiKey(t: TestApp, cookie: string, scopes: ApiScope[], extra: { label?: string; expiresAt?: string | null } = {}) {
  const res = await t.api("POST", "/api/admin/api-keys", { cookie, body: { label: extra.label ?? scopes.join("+"), scopes, ...(extra.expiresAt !== undefined ? { expiresAt: extra.expiresAt } : {}) } });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${res.text}`);
  return { id: res.body.id as number, key: res.body.key as string };
}

/** A partner's webhook endpoint, registered through the administrator's REST path; its signing secret is shown only here. */
export async function createWebhook(t: TestApp, cookie: string, url: string, events: string[]) {
  const res = await t.api("POST", "/api/admin/webhooks", { cookie, body: { url, events } });
  if (res.status !== 201) throw new Error(`webhook not registered: ${res.status} ${res.text}`);
  return res.body as { id: number; secret: string };
}

export const STAFF_PASSWORD = "a long staff password";
let staffHash: Promise<string> | undefined;

/** A staff member with a role, as an accepted invitation leaves one (active, with STAFF_PASSWORD). */
export async function createStaff(t: TestApp, role: Role, extra: Partial<StaffMember> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  const repo = t.ds.getRepository(StaffMember);
  return repo.save(repo.create({ email: `${role}-${n}@example.com`, name: `${role} ${n}`, slug: `${role}-${n}`, role, status: "active", passwordHash: await (staffHash ??= hashPassword(STAFF_PASSWORD)), ...extra }));
}

/** A paid invoice as the Stripe webhook stores it (a monthly plan in dollars unless overridden). */
export async function createPayment(ds: DataSource, fields: Partial<InvoicePayment> & Pick<InvoicePayment, "amount" | "paidAt">) {
  const id = unique();
  await ds.getRepository(InvoicePayment).insert({ stripeInvoiceId: `in_${id}`, stripeCustomerId: `cus_${id}`, stripeSubscriptionId: null, readerId: null, email: null, plan: "monthly", currency: "usd", periodStart: null, periodEnd: null, ...fields });
}
