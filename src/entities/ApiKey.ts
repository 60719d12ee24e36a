import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/** A partner's API key: only its SHA-256 hash is stored (the key is random, 256 bits, so a fast hash is enough). */
@Entity("api_key")
export class ApiKey {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "varchar", length: 100 })
  label: string;

  @Index("UQ_api_key_hash", { unique: true })
  @Column({ type: "varchar", length: 64 })
  keyHash: string;

  @Column({ type: "varchar", length: 16 })
  prefix: string;

  /** Space-separated scopes. */
  @Column({ type: "varchar", length: 200 })
  scopes: string;

  /** The staff member the key belongs to: it acts as them, never beyond their role. */
  @Index("IDX_api_key_staff")
  @Column({ type: "int", nullable: true })
  staffId: number | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  expiresAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  lastUsedAt: Date | null;

  @Column({ ...DATETIME, nullable: true })
  revokedAt: Date | null;
}
