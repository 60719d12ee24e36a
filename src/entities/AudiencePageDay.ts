import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * Daily roll-up per path: views, share clicks, views referred by search engines and social networks,
 * and the visits (visitor-days) that started here, with how many of them went on to a second page.
 */
@Entity("audience_page_day")
@Index("IDX_audience_page_day_article", ["articleId", "day"])
export class AudiencePageDay {
  @PrimaryColumn({ type: "varchar", length: 10 })
  day: string;

  @PrimaryColumn({ type: "varchar", length: 300 })
  path: string;

  @Column({ type: "int", nullable: true })
  articleId: number | null;

  @Column({ type: "int", default: 0 })
  views: number;

  @Column({ type: "int", default: 0 })
  shares: number;

  @Column({ type: "int", default: 0 })
  searchViews: number;

  @Column({ type: "int", default: 0 })
  socialViews: number;

  /** Visits whose first page this was (landing page sessions). */
  @Column({ type: "int", default: 0 })
  entries: number;

  /** Of those visits, the ones with more than one page view (the rest bounced). */
  @Column({ type: "int", default: 0 })
  engagedEntries: number;
}
