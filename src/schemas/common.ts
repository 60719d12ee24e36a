import { z } from "zod";

const NUL_MESSAGE = "must not contain null characters";
const noNul = (v: string) => !v.includes("\u0000");

/** Trimmed text; empty after trimming counts as missing (undefined). */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(max).refine(noNul, NUL_MESSAGE).optional());
/** Trimmed required text. */
export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} ${NUL_MESSAGE}`);
/** Trimmed text that may be cleared with null or an empty string (both become null). */
export const nullableText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(max).refine(noNul, NUL_MESSAGE).nullable().optional());

/**
 * A JSON boolean, strictly. trpc-to-openapi switches plain z.boolean() schemas to coercion (so "false"
 * and "no" became true); a literal union is left alone.
 */
export const strictBoolean = z.literal([true, false], { error: "must be true or false" });

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Email must be at most 254 characters")
  .pipe(z.email("Enter a valid email address"));

export const isoDate = z.string().describe("ISO-8601 date-time");
export const nullableIsoDate = z.string().nullable().describe("ISO-8601 date-time, or null");
export const idParam = z.coerce.number({ error: "id must be a number" }).int().positive().max(2_147_483_647);
export const successOutput = z.object({ success: z.boolean() });

/** http(s) URLs or site-relative paths only. */
export const imageUrl = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string()
    .trim()
    .max(1000)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), "Image URL must start with http://, https:// or /")
    .nullable()
    .optional(),
);
