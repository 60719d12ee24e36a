import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { CREATED_AT, UPDATED_AT } from "./columnTypes.js";

@Entity("business_contact")
@Index("IDX_contact_active_order", ["isActive", "displayOrder"])
export class BusinessContact {
  @PrimaryColumn({ type: "varchar", length: 100 })
  id: string;

  @Column({ type: "varchar", length: 200 })
  label: string;

  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ type: "varchar", length: 50, nullable: true })
  phone: string | null;

  @Column({ type: "varchar", length: 1000, nullable: true })
  description: string | null;

  @Column({ type: "boolean", default: true })
  isActive: boolean;

  @Column({ type: "int", default: 0 })
  displayOrder: number;

  @CreateDateColumn(CREATED_AT)
  createdAt: Date;

  @UpdateDateColumn(UPDATED_AT)
  updatedAt: Date;
}
