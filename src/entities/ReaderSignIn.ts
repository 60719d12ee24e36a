import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

/** A mailed sign-in link (single use, 15 minutes); only the SHA-256 of its token is stored, and the key it is derived from. */
@Entity("reader_sign_in")
export class ReaderSignIn {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @Index("IDX_reader_sign_in_email")
  @Column({ type: "varchar", length: 254 })
  email: string;

  /** The token is the HMAC of this key under APP_SECRET, so a fresh link can be mailed again (null: minted before). */
  @Column({ type: "varchar", length: 64, nullable: true })
  linkKey: string | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Index("IDX_reader_sign_in_expires")
  @Column(DATETIME)
  expiresAt: Date;
}
