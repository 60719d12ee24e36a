// --media-dir: images of the old site (its wp-content/uploads copied over) imported through our image pipeline,
// each file once: a re-import finds its copy in the import map instead of uploading it again.
import fs from "node:fs/promises";
import path from "node:path";
import { MAX_IMAGE_BYTES } from "../../schemas/media.js";
import { importedItemKey, type ImportRepository } from "../../repositories/importRepository.js";
import type { ImageService } from "../images.js";
import { messageOf } from "../../lib/errors.js";

export interface MediaOutcome {
  /** Image address → its copy here. */
  copies: Map<string, string>;
  created: number;
  unchanged: number;
  problems: string[];
}

/** The file under `dir` an upload URL names (…/wp-content/uploads/2019/05/x.jpg → dir/2019/05/x.jpg), never a path outside it. */
export function fileForUrl(dir: string, url: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, "http://site.invalid").pathname);
  } catch {
    return null;
  }
  const match = /\/uploads\/(.+)$/.exec(pathname);
  if (!match) return null;
  const root = path.resolve(dir);
  const file = path.resolve(root, match[1]);
  return file.startsWith(root + path.sep) ? file : null;
}

export class MediaCopier {
  constructor(
    private readonly dir: string,
    private readonly images: ImageService,
    private readonly imports: ImportRepository,
    private readonly dryRun: boolean,
  ) {}

  async copy(urls: string[]): Promise<MediaOutcome> {
    const outcome: MediaOutcome = { copies: new Map(), created: 0, unchanged: 0, problems: [] };
    for (const url of urls) {
      const file = fileForUrl(this.dir, url);
      if (!file) continue;
      const relative = path.relative(this.dir, file);
      const key = importedItemKey("media", relative);
      const known = (await this.imports.findItems(undefined, [key])).get(key);
      if (known) {
        outcome.copies.set(url, known.targetId);
        outcome.unchanged++;
        continue;
      }
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) {
        outcome.problems.push(`${relative} is not in the media folder: the image keeps its old address`);
        continue;
      }
      if (stat.size > MAX_IMAGE_BYTES) {
        outcome.problems.push(`${relative} is larger than 10 MB: the image keeps its old address`);
        continue;
      }
      if (this.dryRun) {
        outcome.created++;
        continue;
      }
      try {
        const image = await this.images.upload(await fs.readFile(file), path.basename(file));
        await this.imports.saveItem(undefined, { key, guid: relative, kind: "media", targetId: image.url, fingerprint: "" });
        outcome.copies.set(url, image.url);
        outcome.created++;
      } catch (error) {
        outcome.problems.push(`${relative}: ${messageOf(error)}; the image keeps its old address`);
      }
    }
    return outcome;
  }
}
