// Writes the export document (schemas/export.ts) as a stream of JSON text: each list is read a page at a time
// by id, so exporting a large archive holds one page in memory, never the archive.
import type { Config } from "../../config.js";
import { iso } from "../../lib/time.js";
import { articleFieldValues } from "../../repositories/articleFields.js";
import type { SiteDataRepository } from "../../repositories/siteData.js";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportDocument } from "../../schemas/export.js";
import type { SiteSettingsService } from "../siteSettings.js";

const PAGE = 200;
type Row<K extends keyof ExportDocument> = ExportDocument[K] extends (infer T)[] ? T : never;

/** The export document, as JSON text in pieces, in the order the schema lists its fields. */
export async function* exportDocument(data: SiteDataRepository, settings: SiteSettingsService, config: Pick<Config, "siteName" | "siteUrl">, options: { revisions: boolean }): AsyncGenerator<string> {
  const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), site: { name: config.siteName, url: config.siteUrl } };
  yield JSON.stringify(head).slice(0, -1);

  async function* list<T extends { id: number }, K extends keyof ExportDocument>(name: K, read: (afterId: number, limit: number) => Promise<T[]>, present: (rows: T[]) => Promise<Row<K>[]>): AsyncGenerator<string> {
    yield `,\n${JSON.stringify(name)}:[`;
    let first = true;
    for (let afterId = 0; ; ) {
      const rows = await read(afterId, PAGE);
      if (!rows.length) break;
      afterId = rows.at(-1)!.id;
      const items = await present(rows);
      yield (first ? "\n" : ",\n") + items.map((item) => JSON.stringify(item)).join(",\n");
      first = false;
    }
    yield "\n]";
  }

  yield* list("articles", data.articles, async (rows) => {
    const revisions = options.revisions ? await data.revisions(rows.map((a) => a.id)) : [];
    return rows.map((a) => {
      const own = revisions.filter((r) => r.articleId === a.id);
      const position = new Map(own.map((r, i) => [r.id, i]));
      return {
        ...articleFieldValues(a),
        createdAt: iso(a.createdAt)!,
        updatedAt: iso(a.updatedAt)!,
        ...(options.revisions
          ? { revisions: own.map((r) => ({ ...articleFieldValues(r), kind: r.kind, restoredFrom: r.restoredFrom === null ? null : (position.get(r.restoredFrom) ?? null), savedBy: r.savedBy, savedAt: iso(r.savedAt)!, wordCount: r.wordCount })) }
          : {}),
      } as Row<"articles">;
    });
  });
  yield* list("comments", data.comments, async (rows) => {
    const slugs = await data.slugs(rows.map((c) => c.articleId));
    return rows.map((c) => ({ article: slugs.get(c.articleId)!, authorName: c.authorName, authorEmail: c.authorEmail, content: c.content, status: c.status, moderationReason: c.moderationReason, createdAt: iso(c.createdAt)! }) as Row<"comments">);
  });
  const pages = (await data.pages()).map((p) => ({ id: p.id, title: p.title, content: p.content, updatedAt: iso(p.updatedAt)! }));
  const contacts = (await data.contacts()).map((c) => ({ id: c.id, label: c.label, email: c.email, phone: c.phone, description: c.description, isActive: Boolean(c.isActive), displayOrder: c.displayOrder, createdAt: iso(c.createdAt)!, updatedAt: iso(c.updatedAt)! }));
  yield `,\n"pages":${JSON.stringify(pages)},\n"contacts":${JSON.stringify(contacts)}`;
  yield* list("subscribers", data.subscribers, async (rows) => rows.map((s) => ({ email: s.email, status: s.status, createdAt: iso(s.createdAt)!, confirmedAt: iso(s.confirmedAt), unsubscribedAt: iso(s.unsubscribedAt) }) as Row<"subscribers">));
  yield `,\n"settings":${JSON.stringify(await settings.get())}`;
  yield* list("redirects", data.redirects, async (rows) => rows.map((r) => ({ source: r.source, target: r.target, origin: r.origin, hits: r.hits, lastHitAt: iso(r.lastHitAt), createdAt: iso(r.createdAt)! }) as Row<"redirects">));
  yield "\n}\n";
}
