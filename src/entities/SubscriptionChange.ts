import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/** One change of a subscription's status, as a webhook event reported it. */
@Entity("subscription_change")
@Index("IDX_sub_change_status_at", ["toStatus", "occurredAt"])
export class SubscriptionChange {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("IDX_sub_change_sub")
  @Column({ type: "varchar", length: 100 })
  stripeSubscriptionId: string;

  @Column({ type: "varchar", length: 24, nullable: true })
  fromStatus: string | null;

  @Column({ type: "varchar", length: 24 })
  toStatus: string;

  @Column({ type: "varchar", length: 16 })
  plan: string;

  @Column({ type: "varchar", length: 255 })
  eventId: string;

  @Column(DATETIME)
  occurredAt: Date;
}
