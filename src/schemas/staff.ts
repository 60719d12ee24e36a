// The newsroom's roles and what each may do: the one table every door checks (the procedure builders in
// src/trpc/trpc.ts, the Express routes, the admin screens). Shared with web/ for the staff screen.
import { z } from "zod";
import { email, isoDate, nullableIsoDate, nullableText, requiredText } from "./common.js";
import type { ApiScope } from "./partner.js";

export const ROLES = ["owner", "administrator", "editor", "author", "contributor"] as const;
export type Role = (typeof ROLES)[number];

/** What a role may do. A procedure names exactly one of these (its builder's argument). */
export const PERMISSIONS = {
  "account:self": "Own profile, password, two-factor sign-in, sessions and API keys",
  "articles:own": "Create and edit own drafts, submit them for review, upload images for them",
  "articles:publish-own": "Publish, schedule and unpublish own articles",
  "articles:any": "Every article: edit, publish, schedule, restore, delete, preview links; the review queue; live posts and push alerts",
  "comments:moderate": "Moderate comments (and see commenters' e-mail addresses)",
  "media:library": "The whole media library (every upload, deletions)",
  "analytics:read": "Analytics and the system status",
  subscribers: "Newsletter subscribers and sends, premium members and payments",
  "site:manage": "Pages, contacts, settings, redirects, import and export, backups, webhooks",
  "staff:manage": "Staff accounts and invitations, every API key, the audit log",
  "staff:owner": "The owner's account and ownership transfer",
} as const;
export type Permission = keyof typeof PERMISSIONS;

const CONTRIBUTOR: Permission[] = ["account:self", "articles:own"];
const AUTHOR: Permission[] = [...CONTRIBUTOR, "articles:publish-own"];
const EDITOR: Permission[] = [...AUTHOR, "articles:any", "comments:moderate", "media:library"];
const ADMINISTRATOR: Permission[] = [...EDITOR, "analytics:read", "subscribers", "site:manage", "staff:manage"];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: [...ADMINISTRATOR, "staff:owner"],
  administrator: ADMINISTRATOR,
  editor: EDITOR,
  author: AUTHOR,
  contributor: CONTRIBUTOR,
};

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  administrator: "Administrator",
  editor: "Editor",
  author: "Author",
  contributor: "Contributor",
};

export const can = (role: Role, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

/** What a role must have for an API key to carry a scope: a key never does more than its owner. */
export const SCOPE_PERMISSION: Record<ApiScope, Permission> = {
  "content:read": "account:self",
  "articles:write": "articles:any",
  "comments:moderate": "comments:moderate",
  "analytics:read": "analytics:read",
};
export const scopesFor = (role: Role): ApiScope[] => (Object.keys(SCOPE_PERMISSION) as ApiScope[]).filter((s) => can(role, SCOPE_PERMISSION[s]));

export const STAFF_STATUSES = ["active", "suspended"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const PASSWORD_MIN = 10;
export const staffPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, "Password must be at most 200 characters");
const totpCode = z.string().trim().max(40).describe("A 6-digit code from the authenticator app, or a recovery code");

export const staffLoginInput = z.object({
  email: email.optional().describe("Omitted: the owner's password login"),
  password: z.string().max(200),
  code: totpCode.optional(),
});
export const loginAnswer = z.object({ success: z.boolean() });

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  role: z.enum(ROLES),
  status: z.enum(STAFF_STATUSES),
  twoFactor: z.boolean().describe("Two-factor sign-in is enabled"),
  lastSeenAt: nullableIsoDate,
});
export type StaffDto = z.infer<typeof staffSchema>;

export const meSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  role: z.enum(ROLES),
  twoFactor: z.boolean(),
  twoFactorRequired: z.boolean().describe("The role must use two-factor sign-in (STAFF_2FA_REQUIRED) and it is not enabled yet"),
  slug: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  permissions: z.array(z.string()).describe("What the role allows (the permission table)"),
});
export type MeDto = z.infer<typeof meSchema>;

const slugText = z
  .string()
  .trim()
  .min(1, "Slug is required")
  .max(100, "Slug must be at most 100 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug: lowercase letters, digits and single hyphens");
export const profileInput = z.object({
  name: requiredText(100, "Name").optional(),
  bio: nullableText(2000),
  slug: slugText.optional(),
  avatarUrl: z
    .preprocess((v) => (v === "" ? null : v), z.string().trim().max(1000).regex(/^(https?:\/\/|\/(?!\/))/, "avatarUrl: an http(s) URL or a site path").nullable().optional())
    .describe("An image from the media library (or any http(s) URL); null removes it"),
  email: email.optional().describe("The sign-in address"),
});
export const passwordChangeInput = z.object({ current: z.string().max(200), password: staffPassword });

export const sessionSchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  lastSeenAt: nullableIsoDate,
  expiresAt: isoDate,
  userAgent: z.string().nullable(),
  current: z.boolean().describe("The session of this request"),
});

export const inviteInput = z.object({ email, role: z.enum(ROLES).exclude(["owner"]) });
export const invitationSchema = z.object({ id: z.number().int(), email: z.string(), role: z.enum(ROLES), expiresAt: isoDate, createdAt: isoDate, acceptedAt: nullableIsoDate, revokedAt: nullableIsoDate });
export const tokenText = z.string().trim().min(20, "The link is incomplete").max(100, "The link is not valid");
export const acceptInput = z.object({ token: tokenText, name: requiredText(100, "Name"), password: staffPassword });
export const staffUpdateInput = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  role: z.enum(ROLES).optional().describe("owner: the owner transfers ownership (the previous owner becomes an administrator)"),
  status: z.enum(STAFF_STATUSES).optional().describe("suspended: every session and API key stops at once"),
});
export const staffDeleteInput = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  reassignTo: z.coerce.number().int().positive().max(2_147_483_647).optional().describe("Whose articles become the person's articles (default: the one deleting)"),
});

export const twoFactorSetupSchema = z.object({ secret: z.string().describe("Base32 secret for the authenticator app"), otpauthUrl: z.string() });
export const twoFactorCodeInput = z.object({ code: totpCode });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).describe("10 single-use codes: shown once") });

export const authorProfileSchema = z.object({
  name: z.string(),
  slug: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type AuthorProfile = z.infer<typeof authorProfileSchema>;
