import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from "typeorm";
import { DATETIME, CREATED_AT, UPDATED_AT } from "./columnTypes.js";

/** A Stripe subscription as the webhook events last described it. */
@Entity("member_subscription")
@Index("IDX_member_sub_status", ["status"])
export class MemberSubscription {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_member_sub_stripe", { unique: true })
  @Column({ type: "varchar", length: 100 })
  stripeSubscriptionId: string;

  @Index("IDX_member_sub_customer")
  @Column({ type: "varchar", length: 100 })
  stripeCustomerId: string;

  @Index("IDX_member_sub_reader")
  @Column({ type: "int", nullable: true })
  readerId: number | null;

  /** monthly | annual */
  @Column({ type: "varchar", length: 16 })
  plan: string;

  /** Stripe's status: incomplete, trialing, active, past_due, unpaid, canceled, incomplete_expired, paused */
  @Column({ type: "varchar", length: 24 })
  status: string;

  /** The plan's price per billing interval, in the currency's smallest unit (cents). */
  @Column({ type: "int" })
  unitAmount: number;

  /** The price per month: the annual price divided by 12 (cents, rounded). */
  @Column({ type: "int" })
  monthlyAmount: number;

  @Column({ type: "varchar", length: 3 })
  currency: string;

  @Column({ ...DATETIME, nullable: true })
  currentPeriodEnd: Date | null;

  /** After a failed payment the reader keeps access until then. */
  @Column({ ...DATETIME, nullable: true })
  graceUntil: Date | null;

  @Column(DATETIME)
  startedAt: Date;

  @Column({ ...DATETIME, nullable: true })
  endedAt: Date | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
