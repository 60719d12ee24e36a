import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** Daily roll-up per path: views, share clicks and the views referred by search engines and social networks. */
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
}
