// The WordPress import, in two reads of the file. The first validates all of it (and gathers the site's
// categories, tags, authors and attachments) and writes nothing: a file that is not WXR, truncated or hostile
// changes nothing. The second converts the items in file order and writes them in batches, one transaction per
// batch (articles, comments, pages, redirects and the GUID map together, with the job's progress when there is
// a job), so a stopped import resumes after its last committed batch. A dry run runs the same batches and rolls
// each transaction back: its report is the real one, and nothing is written.
import type { Tx, TransactionRunner } from "../../repositories/transaction.js";
import type { ArticleRepository } from "../../repositories/articleRepository.js";
import type { CommentRepository } from "../../repositories/commentRepository.js";
import { fingerprintOf, importedItemKey, type ImportRepository } from "../../repositories/importRepository.js";
import type { PageRepository } from "../../repositories/pageRepository.js";
import type { RedirectRepository } from "../../repositories/redirectRepository.js";
import { TEXT_LIMITS } from "../../schemas/constants.js";
import type { ImportAnalysis, ImportOptions, ImportReport } from "../../schemas/imports.js";
import type { StaticPageId } from "../../schemas/pages.js";
import type { ContentEvents } from "../contentEvents.js";
import { createBodyConverter, imageUrlsIn, type Attachment } from "./content.js";
import type { MediaCopier } from "./media.js";
import { planItem, planSiteRedirects, suggestCategory, type ItemPlan, type PlannedArticle, type PlannedPage, type SiteData } from "./plan.js";
import { DEFAULT_WXR_LIMITS, readWxr, type WxrItem, type WxrLimits } from "./wxrParser.js";

/** A file that can be read more than once (a path on disk, or an upload's stored chunks). */
export interface ImportSource {
  read(): AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

export interface ImporterDeps {
  transaction: TransactionRunner;
  articles: ArticleRepository;
  comments: CommentRepository;
  pages: PageRepository;
  redirects: RedirectRepository;
  imports: ImportRepository;
  events: ContentEvents;
  limits?: WxrLimits;
}

export interface RunControl {
  /** Items already imported by an earlier run of the same job. */
  startAt?: number;
  report?: ImportReport;
  media?: MediaCopier | null;
  /** Stores the progress in the batch's transaction (a job's row). */
  saveProgress?: (tx: Tx, itemsDone: number, report: ImportReport) => Promise<void>;
  /** After each batch (committed, or rolled back in a dry run): how far the import got. */
  onReport?: (itemsDone: number, report: ImportReport) => Promise<void>;
  /** Between batches (a job renews its lease). */
  keepAlive?: () => Promise<void>;
  /** Stops between batches when it answers true. */
  shouldStop?: () => boolean;
}

const BATCH = 25;
const MAX_PROBLEMS = 1000;
const emptyKind = (inFile = 0) => ({ inFile, created: 0, updated: 0, unchanged: 0, skipped: 0 });
class DryRunRollback extends Error {}

export function emptyReport(analysis: ImportAnalysis): ImportReport {
  const c = analysis.counts;
  return {
    counts: { posts: emptyKind(c.posts), pages: emptyKind(c.pages), comments: emptyKind(c.comments), redirects: emptyKind(), media: emptyKind(), attachments: c.attachments, categories: c.categories, tags: c.tags, authors: c.authors, otherItems: c.otherItems },
    problems: [],
    keptHtml: [],
  };
}

/** The validating read: the whole file parsed, nothing written. Throws WxrError for anything that is not a sound WXR file. */
export async function analyseWxr(source: ImportSource, limits: WxrLimits = DEFAULT_WXR_LIMITS): Promise<{ analysis: ImportAnalysis; site: SiteData }> {
  const attachments = new Map<string, Attachment>();
  const counts = { posts: 0, pages: 0, comments: 0, attachments: 0, otherItems: 0 };
  const termPosts = new Map<string, number>();
  const guids = new Map<string, number>();
  const channel = await readWxr(
    source.read(),
    (item: WxrItem) => {
      if (item.postType === "attachment") {
        counts.attachments++;
        attachments.set(item.postId, { url: item.attachmentUrl || item.guid, title: item.title, alt: item.meta._wp_attachment_image_alt ?? "", parent: item.postParent });
      } else if (item.postType === "post" || item.postType === "page") {
        counts[item.postType === "post" ? "posts" : "pages"]++;
        counts.comments += item.comments.length;
        guids.set(item.guid, (guids.get(item.guid) ?? 0) + 1);
        if (item.postType === "post") for (const t of item.terms) termPosts.set(`${t.domain}:${t.slug}`, (termPosts.get(`${t.domain}:${t.slug}`) ?? 0) + 1);
      } else counts.otherItems++;
    },
    limits,
  );
  const parents = new Map(channel.categories.map((c) => [c.slug, c.parent]));
  const suggestionOf = (slug: string, name: string): ReturnType<typeof suggestCategory> => {
    const own = suggestCategory(slug, name);
    const parent = parents.get(slug);
    return own ?? (parent && parent !== slug ? suggestionOf(parent, "") : null);
  };
  const analysis: ImportAnalysis = {
    site: { title: channel.title, url: channel.baseBlogUrl || channel.link, wxrVersion: channel.wxrVersion },
    counts: { ...counts, categories: channel.categories.length, tags: channel.tags.length, authors: channel.authors.length },
    categories: channel.categories.map((c) => ({ slug: c.slug, name: c.name, parent: c.parent, posts: termPosts.get(`category:${c.slug}`) ?? 0, suggested: suggestionOf(c.slug, c.name) })),
    tags: channel.tags
      .map((t) => ({ slug: t.slug, name: t.name, posts: termPosts.get(`post_tag:${t.slug}`) ?? 0 }))
      .sort((a, b) => b.posts - a.posts)
      .slice(0, 50),
  };
  return { analysis, site: { channel, attachments, repeatedGuids: new Set([...guids].filter(([, n]) => n > 1).map(([guid]) => guid)) } };
}

type Counts = ImportReport["counts"];
type Delta = { counts: Counts; problems: ImportReport["problems"]; keptHtml: ImportReport["keptHtml"] };

function merged(report: ImportReport, delta: Delta): ImportReport {
  const counts = structuredClone(report.counts);
  for (const kind of ["posts", "pages", "comments", "redirects", "media"] as const) {
    for (const field of ["created", "updated", "unchanged", "skipped", "inFile"] as const) counts[kind][field] += kind === "redirects" || kind === "media" || field !== "inFile" ? delta.counts[kind][field] : 0;
  }
  return { counts, problems: [...report.problems, ...delta.problems].slice(0, MAX_PROBLEMS), keptHtml: [...report.keptHtml, ...delta.keptHtml] };
}

export class WordPressImporter {
  constructor(private readonly deps: ImporterDeps) {}

  /** Imports a file (validated first); answers the report. */
  async run(source: ImportSource, options: ImportOptions, control: RunControl = {}): Promise<ImportReport> {
    const { analysis, site } = await analyseWxr(source, this.deps.limits);
    let report = control.report ?? emptyReport(analysis);
    const convert = await createBodyConverter();
    const startAt = control.startAt ?? 0;
    let pending: { item: WxrItem; index: number }[] = [];
    let siteRedirects = startAt === 0 ? planSiteRedirects(site, options) : [];

    const flush = async () => {
      if (!pending.length) return;
      const batch = pending;
      pending = [];
      const delta: Delta = { counts: emptyReport({ ...analysis, counts: { ...analysis.counts, posts: 0, pages: 0, comments: 0 } }).counts, problems: [], keptHtml: [] };
      const plans: ItemPlan[] = [];
      for (const { item } of batch) {
        const media = control.media && (item.postType === "post" || item.postType === "page") ? await control.media.copy(imageUrlsIn(item.content, { attachments: site.attachments, postId: item.postId }).concat(site.attachments.get(item.meta._thumbnail_id ?? "")?.url ?? [])) : null;
        if (media) {
          delta.counts.media.created += media.created;
          delta.counts.media.unchanged += media.unchanged;
          delta.counts.media.inFile += media.copies.size + media.problems.length + (options.dryRun ? media.created : 0);
          delta.counts.media.skipped += media.problems.length;
          delta.problems.push(...media.problems.map((message) => ({ item: `${item.postType} ${item.postId}`, message })));
        }
        plans.push(planItem(item, site, options, convert, media ? (url) => media.copies.get(url) : undefined));
      }
      const saves: Parameters<ArticleRepository["announceSaved"]>[0] = [];
      const changed = { pages: new Set<string>(), commentArticles: new Set<number>(), redirects: 0 };
      const itemsDone = batch.at(-1)!.index + 1;
      let next = report;
      try {
        await this.deps.transaction(async (tx) => {
          for (const plan of plans) {
            if (plan.kind === "skip") {
              if (plan.itemKind !== "other") delta.counts[plan.itemKind === "post" ? "posts" : "pages"].skipped++;
              delta.counts.comments.skipped += plan.comments;
              if (plan.reason) delta.problems.push({ item: plan.label, message: plan.comments ? `${plan.reason} (with its ${plan.comments} comment(s))` : plan.reason });
            } else if (plan.kind === "post") await this.writePost(tx, plan, delta, saves, changed);
            else await this.writePage(tx, plan, delta, changed);
          }
          if (siteRedirects.length) {
            this.countRedirects(delta, siteRedirects.length, await this.deps.redirects.upsertImported(tx, siteRedirects), changed);
          }
          next = merged(report, delta);
          if (options.dryRun) throw new DryRunRollback();
          await control.saveProgress?.(tx, itemsDone, next);
        });
      } catch (error) {
        if (!(error instanceof DryRunRollback)) throw error;
      }
      report = next;
      siteRedirects = [];
      await control.onReport?.(itemsDone, report);
      await control.keepAlive?.();
      if (options.dryRun) return;
      // After the commit: caches, partners' webhooks, SEO audits and revisions hear of what changed.
      await this.deps.articles.announceSaved(saves);
      if (changed.commentArticles.size) await this.deps.events.emit({ type: "comments", articleIds: [...changed.commentArticles] });
      for (const id of changed.pages) await this.deps.events.emit({ type: "page", id });
      if (changed.redirects) await this.deps.events.emit({ type: "redirects" });
    };

    await readWxr(
      source.read(),
      async (item, index) => {
        if (index < startAt || control.shouldStop?.()) return;
        pending.push({ item, index });
        if (pending.length >= BATCH) await flush();
      },
      this.deps.limits,
    );
    if (!control.shouldStop?.()) await flush();
    return report;
  }

  private countRedirects(delta: Delta, wanted: number, counts: { created: number; updated: number; unchanged: number; kept: number }, changed: { redirects: number }) {
    const r = delta.counts.redirects;
    r.inFile += wanted;
    r.created += counts.created;
    r.updated += counts.updated;
    r.unchanged += counts.unchanged;
    r.skipped += counts.kept;
    if (counts.kept) delta.problems.push({ item: "redirects", message: `${counts.kept} old address(es) already redirect where the administrator chose: kept` });
    changed.redirects += counts.created + counts.updated;
  }

  private async writePost(tx: Tx, plan: PlannedArticle, delta: Delta, saves: Parameters<ArticleRepository["announceSaved"]>[0], changed: { commentArticles: Set<number>; redirects: number }) {
    const { imports, articles, comments, redirects } = this.deps;
    const key = importedItemKey("post", plan.guid);
    const known = (await imports.findItems(tx, [key])).get(key);
    const fingerprint = fingerprintOf({ ...plan.fields, oldPaths: plan.oldPaths });
    let articleId = known ? Number(known.targetId) : null;
    const exists = articleId !== null && (await articles.existingIds(tx, [articleId])).has(articleId);
    delta.problems.push(...plan.notes.map((message) => ({ item: plan.label, message })));
    if (exists && known?.fingerprint === fingerprint) {
      delta.counts.posts.unchanged++;
      delta.counts.redirects.inFile += plan.oldPaths.length;
      delta.counts.redirects.unchanged += plan.oldPaths.length;
    } else {
      const saved = await articles.saveImported(tx, exists ? articleId : null, plan.fields);
      saves.push(saved);
      articleId = saved.article.id;
      delta.counts.posts[exists ? "updated" : "created"]++;
      await imports.saveItem(tx, { key, guid: plan.guid.slice(0, 1000), kind: "post", targetId: String(articleId), fingerprint });
      if (saved.article.slug !== plan.fields.slug) delta.problems.push({ item: plan.label, message: `the slug "${plan.fields.slug}" belongs to another article: imported as "${saved.article.slug}" (its old addresses redirect there)` });
      const target = `/article/${saved.article.slug}`;
      this.countRedirects(delta, plan.oldPaths.length, await redirects.upsertImported(tx, plan.oldPaths.map((source) => ({ source, target }))), changed);
    }
    delta.counts.comments.skipped += plan.skippedComments;
    if (plan.keptHtml.length) delta.keptHtml.push({ slug: plan.fields.slug, title: plan.fields.title, elements: plan.keptHtml });
    // The comments of an article deleted here since the last import stay out with it.
    if (!exists && !saves.some((s) => s.article.id === articleId)) {
      delta.counts.comments.skipped += plan.comments.length;
      return;
    }
    const commentKeys = plan.comments.map((c) => importedItemKey("comment", c.guid));
    const knownComments = await imports.findItems(tx, commentKeys);
    for (const [i, comment] of plan.comments.entries()) {
      const knownComment = knownComments.get(commentKeys[i]);
      const fields = { articleId: articleId!, authorName: comment.authorName, authorEmail: comment.authorEmail, content: comment.content.slice(0, TEXT_LIMITS.comment), status: comment.status, createdAt: comment.createdAt };
      const commentPrint = fingerprintOf(fields);
      if (knownComment?.fingerprint === commentPrint) {
        delta.counts.comments.unchanged++;
        continue;
      }
      const id = await comments.saveImported(tx, knownComment ? Number(knownComment.targetId) : null, fields);
      delta.counts.comments[knownComment ? "updated" : "created"]++;
      await imports.saveItem(tx, { key: commentKeys[i], guid: comment.guid.slice(0, 1000), kind: "comment", targetId: String(id), fingerprint: commentPrint });
      changed.commentArticles.add(articleId!);
    }
  }

  private async writePage(tx: Tx, plan: PlannedPage, delta: Delta, changed: { pages: Set<string>; redirects: number }) {
    const { imports, pages, redirects } = this.deps;
    const key = importedItemKey("page", plan.guid);
    const known = (await imports.findItems(tx, [key])).get(key);
    const fingerprint = fingerprintOf({ pageId: plan.pageId, title: plan.title, content: plan.content, oldPaths: plan.oldPaths });
    delta.problems.push(...plan.notes.map((message) => ({ item: plan.label, message })));
    if (known?.fingerprint === fingerprint) {
      delta.counts.pages.unchanged++;
      delta.counts.redirects.inFile += plan.oldPaths.length;
      delta.counts.redirects.unchanged += plan.oldPaths.length;
      return;
    }
    await pages.saveImported(tx, plan.pageId as StaticPageId, plan.title, plan.content);
    delta.counts.pages[known ? "updated" : "created"]++;
    await imports.saveItem(tx, { key, guid: plan.guid.slice(0, 1000), kind: "page", targetId: plan.pageId, fingerprint });
    changed.pages.add(plan.pageId);
    this.countRedirects(delta, plan.oldPaths.length, await redirects.upsertImported(tx, plan.oldPaths.map((source) => ({ source, target: `/${plan.pageId}` }))), changed);
  }
}
