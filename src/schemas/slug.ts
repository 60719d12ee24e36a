import transliterateText from "@sindresorhus/transliterate";

/**
 * Umlauts lose their dots (ü → u, as every other accent) rather than taking the German spelling
 * (ü → ue), which would be wrong for the many languages that share the letter.
 */
const UMLAUTS: [string, string][] = [..."äöüÄÖÜ"].map((c) => [c, c.normalize("NFD")[0]]);
const transliterate = (text: string) => transliterateText(text, { customReplacements: UMLAUTS });

const MAX_SLUG = 200;

/** Transliterates to ASCII (ß → ss, æ → ae, ø → o, Москва → moskva), then: lowercase, keep letters, digits, spaces and hyphens, spaces to hyphens. */
export function slugify(text: string): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The slug given at creation: title slug plus the last six digits of the current time, at most 200 characters. */
export function slugWithTimeSuffix(title: string, now = Date.now()): string {
  const suffix = String(now).slice(-6);
  const base = slugify(title).slice(0, MAX_SLUG - suffix.length - 1).replace(/-$/, "");
  return base ? `${base}-${suffix}` : suffix;
}

/** Contact ids: lowercase, non-alphanumerics to underscores, collapsed and trimmed. */
export function contactIdFromLabel(label: string): string {
  return transliterate(label)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 100);
}
