import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/**
 * An old address that answers 301 to one of ours (consulted before the 404 page): imported WordPress
 * permalinks and the administrator's own. `source` is normalised (see lib/redirectPaths.ts); `target` is
 * always site-relative.
 */
@Entity("redirect")
export class Redirect {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Index("UQ_redirect_source", { unique: true })
  @Column({ type: "varchar", length: 400 })
  source: string;

  @Column({ type: "varchar", length: 400 })
  target: string;

  /** wordpress (written by an import) | admin (added on the screen or through the API) */
  @Column({ type: "varchar", length: 16 })
  origin: string;

  @Column({ type: "int", default: 0 })
  hits: number;

  @Column({ ...DATETIME, nullable: true })
  lastHitAt: Date | null;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;
}
