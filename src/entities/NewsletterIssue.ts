import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME, longText } from "./columnTypes.js";

/** One newsletter issue: the articles it carries (a snapshot, so a resumed send mails the same text) and its sending state. */
@Entity("newsletter_issue")
@Index("IDX_issue_status", ["status"])
export class NewsletterIssue {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  /** The SITE_TIMEZONE day of a scheduled daily briefing (one per day); null for an issue the administrator sent by hand. */
  @Index("UQ_issue_daily", { unique: true })
  @Column({ type: "varchar", length: 10, nullable: true })
  dailyKey: string | null;

  @Column({ type: "varchar", length: 300 })
  subject: string;

  /** JSON list of IssueArticle. */
  @Column(longText())
  articles: string;

  /** sending | sent | skipped (a day without articles: nothing mailed) */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ type: "int", default: 0 })
  recipients: number;

  /** The articles published in [windowStart, windowEnd). */
  @Column(DATETIME)
  windowStart: Date;

  @Column(DATETIME)
  windowEnd: Date;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  /** When sending began; null for a skipped day. */
  @Column({ ...DATETIME, nullable: true })
  sentAt: Date | null;

  /** When the last delivery was settled (sent, failed or bounced). */
  @Column({ ...DATETIME, nullable: true })
  completedAt: Date | null;
}
