import type { DataSource } from "typeorm";
import type { ContentEvents } from "../services/contentEvents.js";
import { BusinessContact } from "../entities/BusinessContact.js";
import { ConflictError, NotFoundError, ValidationError, isUniqueViolation } from "../lib/errors.js";
import { contactIdFromLabel } from "../schemas/slug.js";
import type { ContactDto } from "../schemas/site.js";
import type { contactCreateInput, contactUpdateInput } from "../schemas/site.js";
import type { z } from "zod";

export const toContactDto = (c: BusinessContact): ContactDto => ({
  id: c.id,
  label: c.label,
  email: c.email,
  phone: c.phone,
  description: c.description,
  isActive: Boolean(c.isActive),
  displayOrder: c.displayOrder,
});

export class ContactRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly events: ContentEvents,
  ) {}

  private get repo() {
    return this.ds.getRepository(BusinessContact);
  }

  /** Active contacts for the public, every contact for the administrator; by displayOrder. */
  async list(includeInactive: boolean): Promise<ContactDto[]> {
    const rows = await this.repo.find({
      where: includeInactive ? {} : { isActive: true },
      order: { displayOrder: "ASC", label: "ASC" },
    });
    return rows.map(toContactDto);
  }

  async create(input: z.infer<typeof contactCreateInput>): Promise<ContactDto> {
    const id = input.id ?? contactIdFromLabel(input.label);
    if (!id) throw new ValidationError("An id could not be derived from the label", [{ path: "id", message: "Invalid id" }]);
    if (await this.repo.existsBy({ id })) throw new ConflictError(`A contact with the id "${id}" already exists`);
    const contact = this.repo.create({
      id,
      label: input.label,
      email: input.email,
      phone: input.phone ?? null,
      description: input.description ?? null,
      isActive: input.isActive ?? true,
      displayOrder: input.displayOrder ?? (await this.repo.count()),
    });
    try {
      // insert, not save: save() would turn a concurrent duplicate into an update of the other row.
      await this.repo.insert(contact);
      await this.events.emit({ type: "contacts" });
      return toContactDto(contact);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`A contact with the id "${id}" already exists`);
      throw error;
    }
  }

  async update(input: z.infer<typeof contactUpdateInput>): Promise<ContactDto> {
    const contact = await this.repo.findOneBy({ id: input.id });
    if (!contact) throw new NotFoundError("Contact not found");
    if (input.label !== undefined) contact.label = input.label;
    if (input.email !== undefined) contact.email = input.email;
    if (input.phone !== undefined) contact.phone = input.phone;
    if (input.description !== undefined) contact.description = input.description;
    if (input.isActive !== undefined) contact.isActive = input.isActive;
    if (input.displayOrder !== undefined) contact.displayOrder = input.displayOrder;
    const saved = await this.repo.save(contact);
    await this.events.emit({ type: "contacts" });
    return toContactDto(saved);
  }

  async delete(id: string): Promise<void> {
    const result = await this.repo.delete({ id });
    if (!result.affected) throw new NotFoundError("Contact not found");
    await this.events.emit({ type: "contacts" });
  }
}
