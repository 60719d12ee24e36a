import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME, CREATED_AT } from "./columnTypes.js";

/** A signed-in reader's session (30 days); only the SHA-256 of the cookie token is stored. */
@Entity("reader_session")
export class ReaderSession {
  @PrimaryColumn({ type: "varchar", length: 64 })
  tokenHash: string;

  @Index("IDX_reader_session_reader")
  @Column({ type: "int" })
  readerId: number;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Index("IDX_reader_session_expires")
  @Column(DATETIME)
  expiresAt: Date;
}
