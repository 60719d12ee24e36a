import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";
import { StaffMember } from "./StaffMember.js";

/** One single-use recovery code of a staff member's second factor (its SHA-256 only). */
@Entity("staff_recovery_code")
@Index("IDX_staff_recovery_code_staff", ["staffId"])
export class StaffRecoveryCode {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  staffId: number;

  @ManyToOne(() => StaffMember, { onDelete: "CASCADE" })
  @JoinColumn({ name: "staffId", foreignKeyConstraintName: "FK_staff_recovery_code_staff" })
  staff?: StaffMember;

  @Column({ type: "varchar", length: 64 })
  codeHash: string;

  @Column({ ...DATETIME, nullable: true })
  usedAt: Date | null;
}
