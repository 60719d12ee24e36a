import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";
import { NewsletterIssue } from "./NewsletterIssue.js";
import { NewsletterSubscriber } from "./NewsletterSubscriber.js";

/** One recipient of one issue, recorded before anything is sent, so a restarted sender knows who has had the mail. */
@Entity("newsletter_delivery")
@Index("UQ_delivery_issue_subscriber", ["issueId", "subscriberId"], { unique: true })
@Index("IDX_delivery_status_next", ["status", "nextAttemptAt"])
export class NewsletterDelivery {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  issueId: number;

  @ManyToOne(() => NewsletterIssue, { onDelete: "CASCADE" })
  @JoinColumn({ name: "issueId", foreignKeyConstraintName: "FK_delivery_issue" })
  issue?: NewsletterIssue;

  @Column({ type: "int" })
  subscriberId: number;

  @ManyToOne(() => NewsletterSubscriber, { onDelete: "CASCADE" })
  @JoinColumn({ name: "subscriberId", foreignKeyConstraintName: "FK_delivery_subscriber" })
  subscriber?: NewsletterSubscriber;

  @Column({ type: "varchar", length: 254 })
  email: string;

  /** pending | sending (claimed, in the SMTP conversation) | sent | failed | bounced | cancelled (the address left the list before sending) */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ type: "int", default: 0 })
  attempts: number;

  @Column(DATETIME)
  nextAttemptAt: Date;

  @Column({ type: "varchar", length: 500, nullable: true })
  lastError: string | null;

  @Index("IDX_delivery_sent")
  @Column({ ...DATETIME, nullable: true })
  sentAt: Date | null;

  /** First open by a person (bots and prefetchers are counted apart in botOpens). */
  @Column({ ...DATETIME, nullable: true })
  openedAt: Date | null;

  @Column({ type: "int", default: 0 })
  opens: number;

  @Column({ type: "int", default: 0 })
  botOpens: number;

  /** First click by a person. */
  @Column({ ...DATETIME, nullable: true })
  clickedAt: Date | null;

  @Column({ type: "int", default: 0 })
  clicks: number;

  @Column({ type: "int", default: 0 })
  botClicks: number;
}
