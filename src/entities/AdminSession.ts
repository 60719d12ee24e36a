import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";
import { StaffMember } from "./StaffMember.js";

/** A signed-in staff member's session; only the SHA-256 of the cookie token is stored. */
@Entity("admin_session")
@Index("IDX_admin_session_staff", ["staffId"])
export class AdminSession {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Index("IDX_admin_session_expires")
  @Column(DATETIME)
  expiresAt: Date;

  @Column({ type: "int" })
  staffId: number;

  @ManyToOne(() => StaffMember, { onDelete: "CASCADE" })
  @JoinColumn({ name: "staffId", foreignKeyConstraintName: "FK_admin_session_staff" })
  staff?: StaffMember;

  @Column({ ...DATETIME, nullable: true })
  lastSeenAt: Date | null;

  @Column({ type: "varchar", length: 200, nullable: true })
  userAgent: string | null;
}
