import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

/** A logged-in administrator session; only the SHA-256 of the cookie token is stored. */
@Entity("admin_session")
export class AdminSession {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Index("IDX_admin_session_expires")
  @Column(DATETIME)
  expiresAt: Date;
}
