import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";
import { PushCampaign } from "./PushCampaign.js";

/** One subscriber of one alert, recorded before anything is sent, so a restarted sender knows who has had it. */
@Entity("push_delivery")
@Index("UQ_push_delivery_campaign_subscription", ["campaignId", "subscriptionId"], { unique: true })
@Index("IDX_push_delivery_status_next", ["status", "nextAttemptAt"])
export class PushDelivery {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  campaignId: number;

  @ManyToOne(() => PushCampaign, { onDelete: "CASCADE" })
  @JoinColumn({ name: "campaignId", foreignKeyConstraintName: "FK_push_delivery_campaign" })
  campaign?: PushCampaign;

  /** No foreign key: a subscription the push service reports gone is deleted, its deliveries stay for the figures. */
  @Column({ type: "int" })
  subscriptionId: number;

  /** pending | sending (claimed, request under way) | delivered | failed | gone (404/410: the subscription was removed) | cancelled (unsubscribed before sending) */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ type: "int", default: 0 })
  attempts: number;

  @Column(DATETIME)
  nextAttemptAt: Date;

  @Column({ type: "int", nullable: true })
  lastStatusCode: number | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  lastError: string | null;

  @Column({ ...DATETIME, nullable: true })
  deliveredAt: Date | null;

  /** The first time the reader opened the article from the notification (later clicks are not counted again). */
  @Column({ ...DATETIME, nullable: true })
  clickedAt: Date | null;
}
