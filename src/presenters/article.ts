// Articles as readers receive them: the paywall, the draft rule and the newsroom's fields, in one place. The REST and
// tRPC answers, the pages (which read the procedures), the feeds and the preview links all leave through here.
import { NotFoundError } from "../lib/errors.js";
import type { ArticleCard, ArticleDto, HomePage } from "../schemas/article.js";
import { categoryLabel } from "../schemas/constants.js";
import type { Paywall } from "../services/premium/paywall.js";
import { ANONYMOUS, isPublicNow, readsNewsroom, readsPremium, type LazyViewer, type Viewer } from "./viewer.js";

/** An item of an RSS feed, as the `feed` package takes it. */
export interface FeedItem {
  title: string;
  id: string;
  link: string;
  description: string;
  content: string;
  author: { name: string }[];
  date: Date;
  category: { name: string }[];
  image?: string;
}

/** The fields only the newsroom reads (the editor's read of an article). */
function withoutNewsroomFields(row: ArticleDto): ArticleDto {
  if (!("authorId" in row) && !("submittedAt" in row) && !("reviewNote" in row)) return row;
  const { authorId: _owner, submittedAt: _submitted, reviewNote: _note, ...shown } = row;
  return shown;
}

export class ArticlePresenter {
  constructor(private readonly paywall: Paywall) {}

  /**
   * An article as this viewer may read it: a draft, scheduled or archived one only for the newsroom (NotFoundError
   * for anyone else); a premium article's members-only part for members and the newsroom only (the preview, `gated`,
   * otherwise); the newsroom's fields for the newsroom only.
   */
  async article(row: ArticleDto, viewer: Viewer, now = new Date()): Promise<ArticleDto> {
    const newsroom = readsNewsroom(viewer);
    if (!newsroom && !isPublicNow(row, now)) throw new NotFoundError("Article not found");
    return this.paywall.view(newsroom ? row : withoutNewsroomFields(row), readsPremium(viewer));
  }

  async articles(rows: ArticleDto[], viewer: Viewer, now = new Date()): Promise<ArticleDto[]> {
    const out: ArticleDto[] = [];
    for (const row of rows) out.push(await this.article(row, viewer, now));
    return out;
  }

  /** The editor's read of an article of any status, as stored (the body to edit, not the reader's view): the newsroom only. */
  forEditor(row: ArticleDto, viewer: Viewer): ArticleDto {
    if (!readsNewsroom(viewer)) throw new NotFoundError("Article not found");
    return row;
  }

  /** The article behind an active preview link: any status, in full — the link is the newsroom's grant to whoever
   *  holds it — but without the newsroom's fields. */
  previewed(row: ArticleDto): ArticleDto {
    return withoutNewsroomFields(row);
  }

  /** An RSS item: feeds are public, so a premium article carries its preview, as for anonymous readers. */
  async feedItem(row: ArticleDto, siteUrl: string): Promise<FeedItem> {
    const a = await this.article(row, ANONYMOUS);
    const url = `${siteUrl}/article/${a.slug}`;
    return {
      title: a.title,
      id: url,
      link: url,
      description: a.excerpt,
      content: a.contentHtml,
      author: [{ name: a.author }],
      date: new Date(a.publishedAt ?? a.createdAt),
      category: [{ name: categoryLabel(a.category) }],
      image: a.imageUrl ? (a.imageUrl.startsWith("/") ? `${siteUrl}${a.imageUrl}` : a.imageUrl) : undefined,
    };
  }
}

/** Cards carry no body: of the rules only the draft rule applies (a card of an unpublished article is the newsroom's).
 *  The viewer is looked up only when a card is not public (the lists read published articles: never, in practice). */
export async function presentCards<T extends ArticleCard>(cards: T[], viewer: LazyViewer, now = new Date()): Promise<T[]> {
  if (cards.every((card) => isPublicNow(card, now)) || readsNewsroom(await viewer())) return cards;
  return cards.filter((card) => isPublicNow(card, now));
}

/** The home page's cards for this viewer. */
export async function presentHomePage(home: HomePage, viewer: LazyViewer, now = new Date()): Promise<HomePage> {
  const cards = [...(home.featured ? [home.featured] : []), ...home.latest, ...home.sections.flatMap((s) => s.articles)];
  if ((await presentCards(cards, viewer, now)).length === cards.length) return home;
  const shown = async <T extends ArticleCard>(list: T[]) => presentCards(list, viewer, now);
  const sections = await Promise.all(home.sections.map(async (s) => ({ ...s, articles: await shown(s.articles) })));
  return { featured: (home.featured && (await shown([home.featured]))[0]) ?? null, latest: await shown(home.latest), sections: sections.filter((s) => s.articles.length > 0) };
}
