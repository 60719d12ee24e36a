import { Column, Entity, PrimaryColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/** The last good delayed quote per symbol, with the time it refers to. */
@Entity("stock_quote")
export class StockQuote {
  @PrimaryColumn({ type: "varchar", length: 16 })
  symbol: string;

  @Column({ type: "varchar", length: 100 })
  name: string;

  @Column({ type: "double" })
  price: number;

  /** Percent change against the previous close. */
  @Column({ type: "double" })
  change: number;

  @Column(DATETIME)
  asOf: Date;

  @Column(DATETIME)
  fetchedAt: Date;
}
