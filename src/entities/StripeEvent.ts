import { Column, CreateDateColumn, Entity, PrimaryColumn } from "typeorm";
import { CREATED_AT } from "./columnTypes.js";

/** A webhook event already processed: its id is the primary key, so a duplicate delivery cannot be processed twice. */
@Entity("stripe_event")
export class StripeEvent {
  @PrimaryColumn({ type: "varchar", length: 255 })
  id: string;

  @Column({ type: "varchar", length: 100 })
  type: string;

  @CreateDateColumn(CREATED_AT)
  receivedAt: Date;
}
