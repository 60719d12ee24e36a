import { Column, Entity, PrimaryColumn } from "typeorm";
import { longText } from "./columnTypes.js";

/** One piece of an uploaded import file, in order; deleted when the job ends. */
@Entity("import_chunk")
export class ImportChunk {
  @PrimaryColumn({ type: "varchar", length: 36 })
  jobId: string;

  @PrimaryColumn({ type: "int" })
  seq: number;

  @Column(longText())
  text: string;
}
