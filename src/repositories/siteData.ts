// The publication's own data as a whole, for the export (read a page at a time, by id, so a large archive never
// sits in memory) and for its restore into an empty site (written in the caller's transaction).
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { ArticleRevision } from "../entities/ArticleRevision.js";
import { BusinessContact } from "../entities/BusinessContact.js";
import { Comment } from "../entities/Comment.js";
import { NewsletterSubscriber } from "../entities/NewsletterSubscriber.js";
import { Redirect } from "../entities/Redirect.js";
import { SitePage } from "../entities/SitePage.js";
import { keepPaywallViews } from "./paywallViewsRepository.js";
import { createTransactionRunner, managerOf, type Tx } from "./transaction.js";

type Entity = typeof Article | typeof Comment | typeof NewsletterSubscriber | typeof Redirect | typeof ArticleRevision;

export class SiteDataRepository {
  constructor(private readonly ds: DataSource) {}

  /** Rows with ids after `afterId`, in id order. */
  private page<T extends Entity>(entity: T, afterId: number, limit: number): Promise<InstanceType<T>[]> {
    return this.ds.getRepository(entity).createQueryBuilder("x").where("x.id > :afterId", { afterId }).orderBy("x.id", "ASC").take(limit).getMany() as Promise<InstanceType<T>[]>;
  }

  articles = (afterId: number, limit: number) => this.page(Article, afterId, limit);
  comments = (afterId: number, limit: number) => this.page(Comment, afterId, limit);
  subscribers = (afterId: number, limit: number) => this.page(NewsletterSubscriber, afterId, limit);
  redirects = (afterId: number, limit: number) => this.page(Redirect, afterId, limit);

  /** The slugs of these articles, by id. */
  async slugs(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.ds.getRepository(Article).createQueryBuilder("a").select(["a.id", "a.slug"]).where("a.id IN (:...ids)", { ids: [...new Set(ids)] }).getMany();
    return new Map(rows.map((a) => [a.id, a.slug]));
  }

  /** Every revision of these articles, oldest first. */
  async revisions(articleIds: number[]): Promise<ArticleRevision[]> {
    if (!articleIds.length) return [];
    return this.ds.getRepository(ArticleRevision).createQueryBuilder("r").where("r.articleId IN (:...articleIds)", { articleIds }).orderBy("r.id", "ASC").getMany();
  }

  pages = () => this.ds.getRepository(SitePage).find({ order: { id: "ASC" } });
  contacts = () => this.ds.getRepository(BusinessContact).find({ order: { displayOrder: "ASC", id: "ASC" } });

  /** What the site already holds: a restore goes into an empty site only. */
  async contentCounts(): Promise<Record<string, number>> {
    const entities = { articles: Article, comments: Comment, subscribers: NewsletterSubscriber, redirects: Redirect, pages: SitePage, contacts: BusinessContact };
    const counts: Record<string, number> = {};
    for (const [name, entity] of Object.entries(entities)) counts[name] = await this.ds.getRepository(entity).count();
    return counts;
  }

  /** Whether the site has any article (the sample content goes into a site without). */
  hasArticles = () => this.ds.getRepository(Article).exists();

  /** The sample content of a new site, written in one transaction (with each premium article's paywall views). */
  async saveSample(rows: { articles: (Partial<Article> & { content: string; paywallViews: string | null })[]; pages: Partial<SitePage>[]; contacts: Partial<BusinessContact>[] }): Promise<void> {
    await createTransactionRunner(this.ds)(async (tx) => {
      const manager = managerOf(this.ds, tx);
      const saved = await manager.save(Article, rows.articles.map(({ paywallViews: _views, ...a }) => manager.create(Article, a)), { chunk: 20 });
      for (const [i, { content, paywallViews }] of rows.articles.entries()) if (paywallViews !== null) await keepPaywallViews(manager, saved[i].id, content, paywallViews);
      await manager.save(SitePage, rows.pages.map((p) => manager.create(SitePage, p)));
      await manager.save(BusinessContact, rows.contacts.map((c) => manager.create(BusinessContact, c)));
    });
  }

  /** Inserts one row of a restore and answers its generated id, when it has one. */
  private async insert<T extends object>(tx: Tx, entity: new () => T, row: Partial<T>): Promise<number> {
    const result = await managerOf(this.ds, tx).getRepository(entity).insert(row as never);
    return Number(result.identifiers[0]?.id ?? 0);
  }

  insertArticle = (tx: Tx, row: Omit<Article, "id">) => this.insert(tx, Article, row);
  /** A restored premium article's paywall views, rendered from its body (none for a free one). */
  insertPaywallViews = (tx: Tx, articleId: number, content: string, views: string | null) => keepPaywallViews(managerOf(this.ds, tx), articleId, content, views ?? undefined);
  insertRevision = (tx: Tx, row: Omit<ArticleRevision, "id">) => this.insert(tx, ArticleRevision, row);
  insertComment = (tx: Tx, row: Omit<Comment, "id">) => this.insert(tx, Comment, row);
  insertPage = (tx: Tx, row: SitePage) => this.insert(tx, SitePage, row);
  insertContact = (tx: Tx, row: BusinessContact) => this.insert(tx, BusinessContact, row);
  insertSubscriber = (tx: Tx, row: Omit<NewsletterSubscriber, "id">) => this.insert(tx, NewsletterSubscriber, row);
  insertRedirect = (tx: Tx, row: Omit<Redirect, "id">) => this.insert(tx, Redirect, row);

  /** Sets an article's update time after its rows were written (the column would take the time of the restore). */
  async setArticleUpdatedAt(tx: Tx, id: number, updatedAt: Date): Promise<void> {
    await managerOf(this.ds, tx).getRepository(Article).createQueryBuilder().update(Article).set({ updatedAt }).where("id = :id", { id }).execute();
  }

  async setContactUpdatedAt(tx: Tx, id: string, updatedAt: Date): Promise<void> {
    await managerOf(this.ds, tx).getRepository(BusinessContact).createQueryBuilder().update(BusinessContact).set({ updatedAt }).where("id = :id", { id }).execute();
  }

  async setPageUpdatedAt(tx: Tx, id: string, updatedAt: Date): Promise<void> {
    await managerOf(this.ds, tx).getRepository(SitePage).createQueryBuilder().update(SitePage).set({ updatedAt }).where("id = :id", { id }).execute();
  }
}
