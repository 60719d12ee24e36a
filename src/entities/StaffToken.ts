import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/** A mailed, single-use link: an invitation (kind invite, with its role) or a password reset (kind reset). */
@Entity("staff_token")
@Index("IDX_staff_token_email", ["kind", "email"])
export class StaffToken {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "varchar", length: 10 })
  kind: string;

  @Index("UQ_staff_token_hash", { unique: true })
  @Column({ type: "varchar", length: 64 })
  tokenHash: string;

  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ type: "varchar", length: 20, nullable: true })
  role: string | null;

  /** The staff member a reset is for; who sent an invitation. */
  @Column({ type: "int", nullable: true })
  staffId: number | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column(DATETIME)
  expiresAt: Date;

  @Column({ ...DATETIME, nullable: true })
  usedAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  revokedAt: Date | null;
}
