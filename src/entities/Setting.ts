import { Column, Entity, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { UPDATED_AT } from "./columnTypes.js";

/** Stored settings and secrets (the administrator's password hash, APP_SECRET, targets). */
@Entity("setting")
export class Setting {
  @PrimaryColumn({ type: "varchar", length: 100 })
  key: string;

  @Column({ type: "text" })
  value: string;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
