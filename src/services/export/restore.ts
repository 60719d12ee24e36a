// `npm run import -- export FILE.json`: the site's own export restored into an empty site, exactly (ids aside):
// the document is validated whole first, then written in one transaction, so a bad file changes nothing.
import { ValidationError } from "../../lib/errors.js";
import { renderArticleBody, renderMarkdown } from "../../lib/markdown.js";
import { exportDocumentSchema } from "../../schemas/export.js";
import type { Services } from "../index.js";
import { splitPreview } from "../../lib/premiumPreview.js";

const asDate = (value: string | null) => (value === null ? null : new Date(value));

/** Restores a document; answers how many of each were written. Refuses a site that already has content. */
export async function restoreExport(services: Pick<Services, "siteData" | "transaction" | "siteSettings" | "events" | "redirects">, text: string): Promise<Record<string, number>> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ValidationError("The file is not JSON: an export of this product (GET /api/admin/export) was expected");
  }
  const parsed = exportDocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(document)"}: ${i.message}`);
    throw new ValidationError(`The file is not a valid export (format defense-sentinel-export, version 1): ${first.join("; ")}`);
  }
  const doc = parsed.data;
  const held = Object.entries(await services.siteData.contentCounts()).filter(([, n]) => n > 0);
  if (held.length) throw new ValidationError(`The site is not empty (${held.map(([k, n]) => `${n} ${k}`).join(", ")}): an export is restored into an empty site (a new database, started with SEED=false)`);
  const slugs = new Set(doc.articles.map((a) => a.slug));
  if (slugs.size !== doc.articles.length) throw new ValidationError("The file has two articles with one slug");
  const orphan = doc.comments.find((c) => !slugs.has(c.article));
  if (orphan) throw new ValidationError(`A comment belongs to "${orphan.article}", an article the file does not have`);

  // Rendered before the transaction: HTML is never taken from the file, always made from the markdown by our sanitiser.
  const bodies = await Promise.all(doc.articles.map((a) => renderArticleBody(a.content, a.isPremium)));
  const pageHtml = await Promise.all(doc.pages.map(async (p) => (await renderMarkdown(p.content)).html));
  const { siteData } = services;
  const ids = new Map<string, number>();
  await services.transaction(async (tx) => {
    for (const [i, a] of doc.articles.entries()) {
      const { revisions = [], createdAt, updatedAt, publishedAt, ...fields } = a;
      const { paywallViews, ...body } = bodies[i];
      const id = await siteData.insertArticle(tx, { ...fields, ...body, previewContent: fields.isPremium ? splitPreview(fields.content).preview : null, authorId: null, submittedAt: null, submittedById: null, reviewNote: null, liveStatus: null, liveStartedAt: null, liveEndedAt: null, publishedAt: asDate(publishedAt), createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) });
      ids.set(a.slug, id);
      await siteData.insertPaywallViews(tx, id, fields.content, paywallViews);
      const revisionIds: number[] = [];
      for (const r of revisions) {
        const { restoredFrom, savedAt, publishedAt: revPublished, ...rest } = r;
        revisionIds.push(await siteData.insertRevision(tx, { ...rest, articleId: id, restoredFrom: restoredFrom === null ? null : (revisionIds[restoredFrom] ?? null), savedAt: new Date(savedAt), publishedAt: asDate(revPublished) }));
      }
      await siteData.setArticleUpdatedAt(tx, id, new Date(updatedAt));
    }
    for (const c of doc.comments) {
      const { article, createdAt, ...fields } = c;
      await siteData.insertComment(tx, { ...fields, articleId: ids.get(article)!, createdAt: new Date(createdAt) });
    }
    for (const [i, p] of doc.pages.entries()) {
      await siteData.insertPage(tx, { id: p.id, title: p.title, content: p.content, contentHtml: pageHtml[i], updatedAt: new Date(p.updatedAt) });
      await siteData.setPageUpdatedAt(tx, p.id, new Date(p.updatedAt));
    }
    for (const c of doc.contacts) {
      await siteData.insertContact(tx, { ...c, createdAt: new Date(c.createdAt), updatedAt: new Date(c.updatedAt) });
      await siteData.setContactUpdatedAt(tx, c.id, new Date(c.updatedAt));
    }
    for (const s of doc.subscribers) await siteData.insertSubscriber(tx, { ...s, createdAt: new Date(s.createdAt), confirmedAt: asDate(s.confirmedAt), unsubscribedAt: asDate(s.unsubscribedAt), lastMailedAt: null });
    for (const r of doc.redirects) await siteData.insertRedirect(tx, { ...r, lastHitAt: asDate(r.lastHitAt), createdAt: new Date(r.createdAt) });
  });
  await services.siteSettings.update(doc.settings);
  // Nothing was cached for an empty site, but another instance may be running: every list and page is new.
  for (const a of doc.articles) await services.events.emit({ type: "article", before: null, after: { id: ids.get(a.slug)!, slug: a.slug, category: a.category, isBreaking: a.isBreaking, status: a.status, publishedAt: asDate(a.publishedAt) } });
  await services.redirects.changed();
  return { articles: doc.articles.length, revisions: doc.articles.reduce((n, a) => n + (a.revisions?.length ?? 0), 0), comments: doc.comments.length, pages: doc.pages.length, contacts: doc.contacts.length, subscribers: doc.subscribers.length, redirects: doc.redirects.length };
}
