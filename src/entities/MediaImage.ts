import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { DATETIME } from "./columnTypes.js";

/** An uploaded image; its files live in MEDIA_DIR/{id}/. */
@Entity("media_image")
@Index("IDX_media_image_created", ["createdAt"])
export class MediaImage {
  /** {random}-{width}x{height}: the folder name and the URL segment. */
  @PrimaryColumn({ type: "varchar", length: 48 })
  id: string;

  /** jpg, png, webp, avif or gif. */
  @Column({ type: "varchar", length: 8 })
  format: string;

  @Column({ type: "int" })
  width: number;

  @Column({ type: "int" })
  height: number;

  /** Bytes of every stored file together. */
  @Column({ type: "int" })
  bytes: number;

  @Column({ type: "int" })
  uploadBytes: number;

  @Column({ type: "varchar", length: 200, nullable: true })
  name: string | null;

  @Column({ ...DATETIME })
  createdAt: Date;
}
