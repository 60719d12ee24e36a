import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

/** A reader account, signed in by e-mail link; a paying reader is linked to a Stripe customer. */
@Entity("reader")
export class Reader {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_reader_email", { unique: true })
  @Column({ type: "varchar", length: 254 })
  email: string;

  @Index("UQ_reader_customer", { unique: true })
  @Column({ type: "varchar", length: 100, nullable: true })
  stripeCustomerId: string | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  lastSignInAt: Date | null;
}
