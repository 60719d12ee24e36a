import type { DataSource } from "typeorm";
import { managerOf, type Tx } from "./transaction.js";
import { Article } from "../entities/Article.js";
import { ArticleRevision } from "../entities/ArticleRevision.js";
import { NotFoundError } from "../lib/errors.js";
import { currentActor } from "../lib/actorScope.js";
import { iso } from "../lib/time.js";
import { articleFieldValues, copyArticleFields } from "./articleFields.js";
import type { ArticleUpdateInput } from "../schemas/article.js";
import { EDITABLE_ARTICLE_FIELDS, type ArticleStatus } from "../schemas/constants.js";
import type { RevisionDto, RevisionKind, RevisionSummary } from "../schemas/revision.js";

/** Who saved a revision when no staff member is known (the command line, an import run outside a request). */
export const REVISION_AUTHOR = "Administrator";

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const SUMMARY_COLUMNS = ["r.id", "r.articleId", "r.kind", "r.restoredFrom", "r.savedBy", "r.savedAt", "r.title", "r.status", "r.wordCount"];

function toSummary(r: ArticleRevision, previous?: ArticleRevision): RevisionSummary {
  return {
    id: r.id,
    articleId: r.articleId,
    kind: r.kind as RevisionKind,
    restoredFrom: r.restoredFrom,
    savedBy: r.savedBy,
    savedAt: iso(r.savedAt)!,
    title: r.title,
    status: r.status as ArticleStatus,
    wordCount: r.wordCount,
    wordDelta: previous ? r.wordCount - previous.wordCount : null,
  };
}

/** Loaded when revisions are first compared (an editor's history view), not at the boot. */
let diff: Promise<typeof import("diff")> | undefined;
const diffParts = async (from: string, to: string) => (await (diff ??= import("diff"))).diffWordsWithSpace(from, to).map((p) => ({ value: p.value, added: Boolean(p.added), removed: Boolean(p.removed) }));
const comparable = (v: unknown) => (v instanceof Date ? v.getTime() : typeof v === "number" && (v === 0 || v === 1) ? Boolean(v) : v);

/** Every save of an article as a revision; the newest `keep` per article are kept. */
export class RevisionRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly keep: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get repo() {
    return this.ds.getRepository(ArticleRevision);
  }

  /** Stores the article as just saved (in the save's transaction), then drops revisions past the newest `keep`. */
  async record(article: Article, kind: RevisionKind, restoredFrom: number | null = null, tx?: Tx): Promise<void> {
    const repo = managerOf(this.ds, tx).getRepository(ArticleRevision);
    await repo.insert({ ...copyArticleFields(article), articleId: article.id, kind, restoredFrom, savedBy: currentActor()?.name.slice(0, 100) || REVISION_AUTHOR, savedAt: this.now(), wordCount: countWords(article.content) });
    const cutoff: { id: number } | undefined = await repo
      .createQueryBuilder("r")
      .select("r.id", "id")
      .where("r.articleId = :articleId", { articleId: article.id })
      .orderBy("r.id", "DESC")
      .limit(1)
      .offset(this.keep)
      .getRawOne();
    if (cutoff) await repo.createQueryBuilder().delete().where("articleId = :articleId AND id <= :id", { articleId: article.id, id: Number(cutoff.id) }).execute();
  }

  private async currentArticle(articleId: number) {
    const article = await this.ds.getRepository(Article).findOneBy({ id: articleId });
    if (!article) throw new NotFoundError("Article not found");
    return article;
  }

  /** An article's revisions, newest first, without their bodies. */
  async list(articleId: number): Promise<RevisionSummary[]> {
    await this.currentArticle(articleId);
    const rows = await this.repo.createQueryBuilder("r").select(SUMMARY_COLUMNS).where("r.articleId = :articleId", { articleId }).orderBy("r.id", "DESC").getMany();
    return rows.map((r, i) => toSummary(r, rows[i + 1]));
  }

  private async find(articleId: number, revisionId: number) {
    const revision = await this.repo.findOneBy({ id: revisionId, articleId });
    if (!revision) throw new NotFoundError("Revision not found");
    return revision;
  }

  /** One revision with every field, and how it differs from the current article. */
  async get(articleId: number, revisionId: number): Promise<RevisionDto> {
    const current = await this.currentArticle(articleId);
    const r = await this.find(articleId, revisionId);
    const previous = await this.repo
      .createQueryBuilder("r")
      .select(SUMMARY_COLUMNS)
      .where("r.articleId = :articleId AND r.id < :id", { articleId, id: r.id })
      .orderBy("r.id", "DESC")
      .getOne();
    return {
      ...toSummary(r, previous ?? undefined),
      ...articleFieldValues(r),
      diff: {
        changedFields: EDITABLE_ARTICLE_FIELDS.filter((f) => comparable(r[f]) !== comparable(current[f])),
        title: await diffParts(r.title, current.title),
        content: await diffParts(r.content, current.content),
      },
    };
  }

  /** The update that saves a revision's fields again (a restore is a new save; nothing is overwritten). */
  async restoreInput(articleId: number, revisionId: number): Promise<ArticleUpdateInput> {
    const { category, ...fields } = articleFieldValues(await this.find(articleId, revisionId));
    return { id: articleId, ...fields, category: category as ArticleUpdateInput["category"] };
  }
}
