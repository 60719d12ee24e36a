import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/** Where events are POSTed, signed with the endpoint's secret. */
@Entity("webhook_endpoint")
export class WebhookEndpoint {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "varchar", length: 2000 })
  url: string;

  /** Space-separated event types. */
  @Column({ type: "varchar", length: 500 })
  events: string;

  /** Needed in clear to sign each delivery. */
  @Column({ type: "varchar", length: 100 })
  secret: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  disabledAt: Date | null;

  @Column({ type: "varchar", length: 500, nullable: true })
  disabledReason: string | null;

  @Column({ ...DATETIME, nullable: true })
  failingSince: Date | null;
}
