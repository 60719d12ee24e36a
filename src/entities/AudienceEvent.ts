import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/**
 * One page view or share click, appended in batches. No IP address or user agent: the visitor is a
 * hash salted per day, so the same reader cannot be followed from one day to the next.
 */
@Entity("audience_event")
@Index("IDX_audience_event_occurred", ["occurredAt"])
export class AudienceEvent {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  /** pageview | share */
  @Column({ type: "varchar", length: 8 })
  type: string;

  @Column(DATETIME)
  occurredAt: Date;

  /** YYYY-MM-DD in SITE_TIMEZONE. */
  @Column({ type: "varchar", length: 10 })
  day: string;

  @Column({ type: "varchar", length: 300 })
  path: string;

  @Column({ type: "int", nullable: true })
  articleId: number | null;

  /** The referring site's host name only (never the full URL). */
  @Column({ type: "varchar", length: 255, nullable: true })
  referrerDomain: string | null;

  /** For shares: x | facebook | linkedin | email | copy. */
  @Column({ type: "varchar", length: 16, nullable: true })
  network: string | null;

  @Column({ type: "varchar", length: 32 })
  visitorHash: string;
}
