import { Column, Entity, PrimaryColumn } from "typeorm";

/** Daily roll-up per (salted, daily) visitor hash: a visitor-day is a session; its first page is the landing page. */
@Entity("audience_visitor_day")
export class AudienceVisitorDay {
  @PrimaryColumn({ type: "varchar", length: 10 })
  day: string;

  @PrimaryColumn({ type: "varchar", length: 32 })
  visitorHash: string;

  @Column({ type: "int", default: 0 })
  views: number;

  @Column({ type: "varchar", length: 300 })
  entryPath: string;

  @Column({ type: "int", nullable: true })
  entryArticleId: number | null;
}
