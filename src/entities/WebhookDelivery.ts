import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME, longText } from "./columnTypes.js";
import { WebhookEndpoint } from "./WebhookEndpoint.js";

/** One event for one endpoint, stored before the first attempt so a restart loses nothing. */
@Entity("webhook_delivery")
@Index("IDX_webhook_delivery_endpoint_status", ["endpointId", "status", "id"])
@Index("UQ_webhook_delivery_event", ["endpointId", "eventId"], { unique: true })
export class WebhookDelivery {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  endpointId: number;

  @ManyToOne(() => WebhookEndpoint, { onDelete: "CASCADE" })
  @JoinColumn({ name: "endpointId", foreignKeyConstraintName: "FK_webhook_delivery_endpoint" })
  endpoint?: WebhookEndpoint;

  @Column({ type: "varchar", length: 36 })
  eventId: string;

  @Column({ type: "varchar", length: 40 })
  type: string;

  /** The exact JSON body sent (signed as is). */
  @Column(longText())
  payload: string;

  /** pending | delivered | failed */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ type: "int", default: 0 })
  attempts: number;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  nextAttemptAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: "int", nullable: true })
  lastStatusCode: number | null;

  @Column({ type: "int", nullable: true })
  lastDurationMs: number | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  lastResponse: string | null;

  @Column({ ...DATETIME, nullable: true })
  deliveredAt: Date | null;
}
