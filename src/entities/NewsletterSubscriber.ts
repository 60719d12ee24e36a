import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

@Entity("newsletter_subscriber")
@Index("IDX_subscriber_status_created", ["status", "createdAt"])
@Index("IDX_subscriber_created", ["createdAt"])
@Index("IDX_subscriber_confirmed", ["confirmedAt"])
export class NewsletterSubscriber {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_subscriber_email", { unique: true })
  @Column({ type: "varchar", length: 254 })
  email: string;

  /** pending (signed up, not confirmed) | active (confirmed) | unsubscribed | bouncing (the mail server refused permanently) */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  unsubscribedAt: Date | null;

  /** When the address last confirmed its subscription (double opt-in). */
  @Column({ ...DATETIME, nullable: true })
  confirmedAt: Date | null;

  /** When a sign-up last caused a mail to the address (confirmation link or "already subscribed"), to throttle repeats. */
  @Column({ ...DATETIME, nullable: true })
  lastMailedAt: Date | null;
}
