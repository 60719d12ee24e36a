import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * What a WordPress item became here, keyed by a hash of its GUID: a re-import updates that row instead of
 * adding another, and leaves it alone when the item is unchanged (same fingerprint).
 */
@Entity("imported_item")
export class ImportedItem {
  /** SHA-256 (hex) of the item's kind and GUID. */
  @PrimaryColumn({ type: "varchar", length: 64 })
  key: string;

  @Column({ type: "varchar", length: 1000 })
  guid: string;

  /** post | page | comment | media */
  @Column({ type: "varchar", length: 16 })
  kind: string;

  /** The article or comment id, the static page id, or an imported image's URL. */
  @Column({ type: "varchar", length: 200 })
  targetId: string;

  /** SHA-256 of what the item converted to: equal means nothing to write. */
  @Column({ type: "varchar", length: 64 })
  fingerprint: string;
}
