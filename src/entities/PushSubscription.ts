import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/** A browser that asked for breaking-news alerts: its push service endpoint, its keys and its topics. */
@Entity("push_subscription")
export class PushSubscription {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  /** SHA-256 of the endpoint (hex): the unique key, as an endpoint is too long to index on MySQL. */
  @Index("UQ_push_subscription_endpoint", { unique: true })
  @Column({ type: "varchar", length: 64 })
  endpointHash: string;

  @Column({ type: "varchar", length: 1000 })
  endpoint: string;

  @Column({ type: "varchar", length: 100 })
  p256dh: string;

  @Column({ type: "varchar", length: 40 })
  auth: string;

  /** The topics, each between spaces (" breaking sea "), so one LIKE finds a topic's subscribers. */
  @Column({ type: "varchar", length: 200 })
  topics: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  lastDeliveredAt: Date | null;
}
