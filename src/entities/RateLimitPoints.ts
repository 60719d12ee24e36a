import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** rate-limiter-flexible's store on MySQL/MariaDB and SQLite (its column layout, created by a migration). */
@Entity("rate_limit")
export class RateLimitPoints {
  @PrimaryColumn({ type: "varchar", length: 255 })
  key: string;

  @Column({ type: "int", default: 0 })
  points: number;

  /** Unix milliseconds; null = never. */
  @Index("IDX_rate_limit_expire")
  @Column({ type: "bigint", nullable: true })
  expire: string | null;
}
