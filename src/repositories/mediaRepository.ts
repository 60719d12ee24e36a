// The media library: one row per uploaded image (its files live in MEDIA_DIR), and the articles that use each.
import type { DataSource } from "typeorm";
import { Article } from "../entities/Article.js";
import { MediaImage } from "../entities/MediaImage.js";

export class MediaRepository {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(MediaImage);
  }

  async add(image: MediaImage): Promise<void> {
    await this.repo.insert(image);
  }

  /** A page of the library, newest first, with the total. */
  page(limit: number, offset: number): Promise<[MediaImage[], number]> {
    return this.repo.findAndCount({ order: { createdAt: "DESC", id: "DESC" }, take: limit, skip: offset });
  }

  findById(id: string): Promise<MediaImage | null> {
    return this.repo.findOneBy({ id });
  }

  async delete(id: string): Promise<void> {
    await this.repo.delete({ id });
  }

  /** Articles whose image or body refers to the image's folder, newest first. */
  async usedBy(id: string): Promise<{ id: number; title: string }[]> {
    const pattern = `%/media/${id}/%`;
    const rows = await this.ds
      .getRepository(Article)
      .createQueryBuilder("a")
      .select(["a.id", "a.title"])
      .where("a.imageUrl LIKE :pattern OR a.content LIKE :pattern", { pattern })
      .orderBy("a.id", "DESC")
      .getMany();
    return rows.map((a) => ({ id: a.id, title: a.title }));
  }
}
