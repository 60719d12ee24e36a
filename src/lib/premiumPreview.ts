// The free preview of a premium article: what every reader may read (and search) of its body.

/** Paragraphs of a premium article everyone may read. */
export const FREE_PARAGRAPHS = 2;

/** Splits markdown after its FREE_PARAGRAPHS-th paragraph (headings before it stay with the preview). Code fences
 *  are kept whole, so a blank line inside one never splits it. */
export function splitPreview(markdown: string): { preview: string; rest: string } {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let paragraphs = 0;
  let inFence = false;
  let inBlock = false;
  let blockIsParagraph = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    if (line.trim() === "") {
      if (inBlock && blockIsParagraph && ++paragraphs === FREE_PARAGRAPHS) {
        const rest = lines.slice(i + 1).join("\n").trim();
        return { preview: lines.slice(0, i).join("\n").trim(), rest };
      }
      inBlock = false;
      continue;
    }
    if (!inBlock) {
      inBlock = true;
      blockIsParagraph = !/^\s*(#{1,6}\s|>|[-*+]\s|\d+[.)]\s|\||```|~~~|<)/.test(line);
    }
  }
  return { preview: markdown.trim(), rest: "" };
}
