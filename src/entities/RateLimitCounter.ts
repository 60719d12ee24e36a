import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/** Per-client counters for throttles; the key holds a hash of the client address, never the address. */
@Entity("rate_limit_counter")
export class RateLimitCounter {
  @PrimaryColumn({ type: "varchar", length: 120 })
  key: string;

  @Column({ type: "int" })
  hits: number;

  @Index("IDX_rate_limit_reset")
  @Column(DATETIME)
  resetAt: Date;

  @Column({ ...DATETIME, nullable: true })
  blockedUntil: Date | null;
}
