/** A heading's anchor id: lowercase, strip non-word characters, spaces to hyphens. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");
}
