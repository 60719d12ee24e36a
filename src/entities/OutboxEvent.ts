import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/**
 * A content change not yet delivered to every listener (cache, webhooks, schedules). Written in the same
 * transaction as the change itself, deleted once every listener has had it; the outbox runner retries what is left.
 */
@Entity("outbox_event")
export class OutboxEvent {
  @PrimaryColumn({ type: "varchar", length: 36 })
  id: string;

  /** The change as JSON (src/services/contentEvents.ts ContentChange). */
  @Column({ type: "text" })
  change: string;

  @Column(DATETIME)
  createdAt: Date;

  @Column({ type: "int", default: 0 })
  attempts: number;

  @Index("IDX_outbox_event_next")
  @Column(DATETIME)
  nextAttemptAt: Date;

  @Column({ type: "varchar", length: 500, nullable: true })
  lastError: string | null;
}
