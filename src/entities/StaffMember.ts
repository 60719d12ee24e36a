import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/** A member of the newsroom: sign-in, role, status and public author profile. */
@Entity("staff_member")
export class StaffMember {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  /** Lowercased; null only for an owner migrated from the single password who has not set one yet. */
  @Index("UQ_staff_member_email", { unique: true })
  @Column({ type: "varchar", length: 254, nullable: true })
  email: string | null;

  @Column({ type: "varchar", length: 100 })
  name: string;

  /** scrypt hash; null until an owner's first start sets it. */
  @Column({ type: "varchar", length: 200, nullable: true })
  passwordHash: string | null;

  @Column({ type: "varchar", length: 20 })
  role: string;

  @Column({ type: "varchar", length: 20 })
  status: string;

  @Index("UQ_staff_member_slug", { unique: true })
  @Column({ type: "varchar", length: 100 })
  slug: string;

  @Column({ type: "text", nullable: true })
  bio: string | null;

  @Column({ type: "varchar", length: 1000, nullable: true })
  avatarUrl: string | null;

  /** The TOTP secret (base32) once two-factor sign-in is enabled. */
  @Column({ type: "varchar", length: 64, nullable: true })
  totpSecret: string | null;

  /** A secret offered by setup, not yet confirmed with a code. */
  @Column({ type: "varchar", length: 64, nullable: true })
  totpPending: string | null;

  /** The last TOTP time step accepted: a code is never accepted twice. */
  @Column({ type: "int", nullable: true })
  totpLastStep: number | null;

  @Column({ ...DATETIME, nullable: true })
  lastSeenAt: Date | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;
}
