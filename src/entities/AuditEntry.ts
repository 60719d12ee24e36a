import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/** One line of the append-only audit log: who did what to what, and when. */
@Entity("audit_entry")
@Index("IDX_audit_entry_at", ["at"])
@Index("IDX_audit_entry_actor", ["actorId", "id"])
@Index("IDX_audit_entry_action", ["action", "id"])
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column(DATETIME)
  at: Date;

  /** Null for an anonymous attempt (a failed sign-in with an unknown address) or the system. */
  @Column({ type: "int", nullable: true })
  actorId: number | null;

  /** The actor's address at the time (kept when the account is deleted). */
  @Column({ type: "varchar", length: 254, nullable: true })
  actorEmail: string | null;

  @Column({ type: "varchar", length: 60 })
  action: string;

  @Column({ type: "varchar", length: 40, nullable: true })
  targetType: string | null;

  @Column({ type: "varchar", length: 100, nullable: true })
  targetId: string | null;

  @Column({ type: "varchar", length: 1000 })
  summary: string;
}
