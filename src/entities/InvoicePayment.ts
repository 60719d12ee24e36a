import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

/** A paid Stripe invoice: what the books need. The e-mail is cleared when its reader deletes the account. */
@Entity("invoice_payment")
export class InvoicePayment {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_invoice_stripe", { unique: true })
  @Column({ type: "varchar", length: 100 })
  stripeInvoiceId: string;

  @Column({ type: "varchar", length: 100 })
  stripeCustomerId: string;

  @Column({ type: "varchar", length: 100, nullable: true })
  stripeSubscriptionId: string | null;

  @Index("IDX_invoice_reader")
  @Column({ type: "int", nullable: true })
  readerId: number | null;

  @Column({ type: "varchar", length: 254, nullable: true })
  email: string | null;

  @Column({ type: "varchar", length: 16, nullable: true })
  plan: string | null;

  /** Amount paid, in the currency's smallest unit (cents). */
  @Column({ type: "int" })
  amount: number;

  @Column({ type: "varchar", length: 3 })
  currency: string;

  @Column({ ...DATETIME, nullable: true })
  periodStart: Date | null;

  @Column({ ...DATETIME, nullable: true })
  periodEnd: Date | null;

  @Index("IDX_invoice_paid")
  @Column(DATETIME)
  paidAt: Date;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;
}
