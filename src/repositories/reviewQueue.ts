import { type DataSource, IsNull, Not } from "typeorm";
import { Article } from "../entities/Article.js";
import { StaffMember } from "../entities/StaffMember.js";
import { NotFoundError, ValidationError } from "../lib/errors.js";
import { iso } from "../lib/time.js";

/** Drafts waiting for an editor: submitted by their author, published or sent back with a note by an editor. */
export class ReviewQueue {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Article);
  }

  /** Submits a draft for review (again, after it was sent back): the editor's note is cleared. */
  async submit(id: number, submitterId: number) {
    const article = await this.repo.findOne({ select: { id: true, status: true }, where: { id } });
    if (!article) throw new NotFoundError("Article not found");
    if (article.status !== "draft") throw new ValidationError("Only a draft is submitted for review");
    const submittedAt = new Date();
    await this.repo.update({ id }, { submittedAt, submittedById: submitterId, reviewNote: null });
    return { id, submittedAt: iso(submittedAt)! };
  }

  /** Drafts awaiting review, oldest submission first, with who submitted them. */
  async list() {
    const rows = await this.repo.find({
      select: { id: true, title: true, slug: true, author: true, category: true, authorId: true, submittedAt: true, submittedById: true, updatedAt: true },
      where: { status: "draft", submittedAt: Not(IsNull()) },
      order: { submittedAt: "ASC" },
      take: 500,
    });
    const ids = [...new Set(rows.map((r) => r.submittedById).filter((v): v is number => v !== null))];
    const people = ids.length ? await this.ds.getRepository(StaffMember).find({ select: { id: true, name: true, email: true }, where: ids.map((id) => ({ id })) }) : [];
    const byId = new Map(people.map((p) => [p.id, p]));
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: r.slug,
      author: r.author,
      category: r.category,
      authorId: r.authorId,
      submittedAt: iso(r.submittedAt)!,
      updatedAt: iso(r.updatedAt)!,
      submittedBy: r.submittedById !== null && byId.has(r.submittedById) ? { id: r.submittedById, name: byId.get(r.submittedById)!.name, email: byId.get(r.submittedById)!.email } : null,
    }));
  }

  /** Sends a submitted draft back to its author with the editor's note. */
  async sendBack(id: number, note: string) {
    const article = await this.repo.findOne({ select: { id: true, status: true, submittedAt: true }, where: { id } });
    if (!article) throw new NotFoundError("Article not found");
    if (article.status !== "draft" || !article.submittedAt) throw new ValidationError("This article is not waiting for review");
    await this.repo.update({ id }, { submittedAt: null, submittedById: null, reviewNote: note });
    return { id, reviewNote: note };
  }
}
