import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Article } from "./Article.js";
import { CREATED_AT, DATETIME } from "./columnTypes.js";

/** One breaking-news alert: what it says, whom it goes to, and its sending state (deliveries in push_delivery). */
@Entity("push_campaign")
@Index("IDX_push_campaign_status", ["status"])
export class PushCampaign {
  @PrimaryGeneratedColumn({ type: "int" })
  id: number;

  @Column({ type: "int", nullable: true })
  articleId: number | null;

  @ManyToOne(() => Article, { onDelete: "SET NULL" })
  @JoinColumn({ name: "articleId", foreignKeyConstraintName: "FK_push_campaign_article" })
  article?: Article;

  @Column({ type: "varchar", length: 32 })
  topic: string;

  @Column({ type: "varchar", length: 120 })
  title: string;

  @Column({ type: "varchar", length: 300 })
  body: string;

  /** The site-relative page the notification opens. */
  @Column({ type: "varchar", length: 500 })
  url: string;

  /** `breaking:{articleId}` for the automatic alert of a breaking article (one per article, whichever instance sees it first); null when sent by hand. */
  @Index("UQ_push_campaign_auto", { unique: true })
  @Column({ type: "varchar", length: 64, nullable: true })
  autoKey: string | null;

  /** sending | sent */
  @Column({ type: "varchar", length: 16 })
  status: string;

  @Column({ type: "int", default: 0 })
  recipients: number;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @Column({ ...DATETIME, nullable: true })
  completedAt: Date | null;
}
