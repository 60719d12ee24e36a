import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { UPDATED_AT, longText } from "./columnTypes.js";

@Entity("site_page")
export class SitePage {
  @PrimaryColumn({ type: "varchar", length: 50 })
  id: string;

  @Column({ type: "varchar", length: 200 })
  title: string;

  @Column(longText())
  content: string;

  /** The sanitised HTML of `content`, rendered when the page is saved. */
  @Column(longText({ nullable: true }))
  contentHtml: string | null;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
