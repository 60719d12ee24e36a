import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { DATETIME, CREATED_AT, UPDATED_AT } from "./columnTypes.js";

/** A premium-plan sign-up request from the dialog; the administrator activates it once paid. */
@Entity("premium_signup")
@Index("IDX_premium_status_created", ["status", "createdAt"])
@Index("IDX_premium_created", ["createdAt"])
export class PremiumSignup {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "varchar", length: 254 })
  email: string;

  /** monthly | annual */
  @Column({ type: "varchar", length: 16 })
  plan: string;

  /** requested | active | cancelled | refused */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;

  @Column({ ...DATETIME, nullable: true })
  activatedAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  cancelledAt: Date | null;
}
