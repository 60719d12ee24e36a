import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

@Entity("newsletter_subscriber")
@Index("IDX_subscriber_status_created", ["status", "createdAt"])
@Index("IDX_subscriber_created", ["createdAt"])
export class NewsletterSubscriber {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_subscriber_email", { unique: true })
  @Column({ type: "varchar", length: 254 })
  email: string;

  /** active | unsubscribed */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  unsubscribedAt: Date | null;
}
