import type { DataSource } from "typeorm";
import type { ContentEvents } from "../services/contentEvents.js";
import { builtInPages, STATIC_PAGE_IDS, type StaticPageId } from "../content/staticPages.js";
import { SitePage } from "../entities/SitePage.js";
import { NotFoundError } from "../lib/errors.js";
import { renderMarkdown } from "../lib/markdown.js";
import { iso } from "../lib/time.js";
import type { PageDto } from "../schemas/site.js";
import { managerOf, type Tx } from "./transaction.js";

export const isStaticPageId = (id: string): id is StaticPageId => (STATIC_PAGE_IDS as readonly string[]).includes(id);

/** The ten static pages; a page with no stored row answers its built-in text. */
export class PageRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly siteName: string,
    private readonly events: ContentEvents,
  ) {}

  private readonly renderedBuiltIns = new Map<StaticPageId, Promise<string>>();

  private get repo() {
    return this.ds.getRepository(SitePage);
  }

  builtIn(id: StaticPageId) {
    const page = builtInPages[id];
    return { id, title: page.title, content: page.content.replaceAll("{SITE_NAME}", this.siteName) };
  }

  async list(): Promise<PageDto[]> {
    const stored = new Map((await this.repo.find()).map((p) => [p.id, p]));
    return Promise.all(STATIC_PAGE_IDS.map((id) => this.present(id, stored.get(id))));
  }

  async get(id: string): Promise<PageDto> {
    if (!isStaticPageId(id)) throw new NotFoundError("Page not found");
    return this.present(id, await this.repo.findOneBy({ id }));
  }

  async save(id: string, title: string, content: string): Promise<PageDto> {
    if (!isStaticPageId(id)) throw new NotFoundError("Page not found");
    const { html } = await renderMarkdown(content);
    const saved = await this.repo.save(this.repo.create({ id, title, content, contentHtml: html }));
    await this.events.emit({ type: "page", id });
    return this.present(id, saved);
  }

  /** A page's text from an import, in the caller's transaction; the caller announces it ({type: "page"}) after commit. */
  async saveImported(tx: Tx, id: StaticPageId, title: string, content: string): Promise<void> {
    const { html } = await renderMarkdown(content);
    await managerOf(this.ds, tx).getRepository(SitePage).save({ id, title, content, contentHtml: html });
  }

  /** Restores the built-in text by removing the stored row. */
  async reset(id: string): Promise<PageDto> {
    if (!isStaticPageId(id)) throw new NotFoundError("Page not found");
    await this.repo.delete({ id });
    await this.events.emit({ type: "page", id });
    return this.present(id, null);
  }

  private async present(id: StaticPageId, stored: SitePage | null | undefined): Promise<PageDto> {
    const page = stored ?? this.builtIn(id);
    const contentHtml = stored?.contentHtml ?? (stored ? (await renderMarkdown(stored.content)).html : await this.builtInHtml(id));
    return { id, title: page.title, content: page.content, contentHtml, updatedAt: stored ? iso(stored.updatedAt) : null };
  }

  /** The built-in pages never change while the app runs: render each once. */
  private builtInHtml(id: StaticPageId): Promise<string> {
    let html = this.renderedBuiltIns.get(id);
    if (!html) {
      html = renderMarkdown(this.builtIn(id).content).then((r) => r.html);
      this.renderedBuiltIns.set(id, html);
    }
    return html;
  }
}
