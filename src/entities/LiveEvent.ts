import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Article } from "./Article.js";
import { CREATED_AT } from "./columnTypes.js";

/**
 * What a live blog's stream sends, in order: each post, edit, deletion and the end of the coverage, with the post as
 * it was then (JSON). Its `seq` (1, 2, 3… per live blog, without gaps) is the stream's event id, so a client
 * reconnecting with Last-Event-ID gets exactly the events after it, from any instance, and a stream that receives
 * N+2 after N knows it missed one.
 */
@Entity("live_event")
@Index("UQ_live_event_seq", ["articleId", "seq"], { unique: true })
export class LiveEvent {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int" })
  articleId: number;

  @ManyToOne(() => Article, { onDelete: "CASCADE" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_live_event_article" })
  article?: Article;

  @Column({ type: "int" })
  seq: number;

  /** post | update | delete | end */
  @Column({ type: "varchar", length: 8 })
  kind: string;

  @Column({ type: "int", nullable: true })
  postId: number | null;

  /** The post as the event carries it (JSON), or "{}" for an end. */
  @Column({ type: "text" })
  payload: string;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;
}
