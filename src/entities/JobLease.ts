import { Column, Entity, PrimaryColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/** A lease in the database: with several app instances, only the holder of an unexpired lease runs the job. */
@Entity("job_lease")
export class JobLease {
  @PrimaryColumn({ type: "varchar", length: 64 })
  name: string;

  @Column({ type: "varchar", length: 64 })
  holder: string;

  @Column(DATETIME)
  expiresAt: Date;
}
