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

  /** The sanitised HTML of `content`, rendered when the page is saved. */
  @Column({ type: LONG_TEXT, nullable: true })
  contentHtml: string | null;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
