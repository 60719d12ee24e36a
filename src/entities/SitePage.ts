import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { DATETIME, UPDATED_AT, LONG_TEXT } from "./columnTypes.js";

@Entity("site_page")
export class SitePage {
  @PrimaryColumn({ type: "varchar", length: 50 })
  id: string;

  @Column({ type: "varchar", length: 200 })
  title: string;

  @Column({ type: LONG_TEXT })
  content: string;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
