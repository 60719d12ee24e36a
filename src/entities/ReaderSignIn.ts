import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

/** A mailed sign-in link (single use, 15 minutes); only the SHA-256 of its token is stored. */
@Entity("reader_sign_in")
export class ReaderSignIn {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @Column({ type: "varchar", length: 254 })
  email: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Index("IDX_reader_sign_in_expires")
  @Column(DATETIME)
  expiresAt: Date;
}
