import { useState, type FormEvent } from "react";
import { contactIdFromLabel } from "../../../src/schemas/slug.js";
import type { ContactDto } from "../../../src/schemas/site.js";
import { TEXT_LIMITS } from "../../../src/schemas/constants.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

interface ContactForm {
  label: string;
  email: string;
  phone: string;
  description: string;
  isActive: boolean;
  displayOrder: string;
}
type Mode = { kind: "create" } | { kind: "edit"; id: string } | null;

/** Display order: an integer, 0 when not numeric. */
const toDisplayOrder = (value: string) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : 0;
};

/** /business-contacts: the contacts listed in the footer. */
export function ContactsPage() {
  return (
    <AdminLayout title="Business Contacts">
      <Contacts />
    </AdminLayout>
  );
}

function Contacts() {
  const { utils, toast, confirm, confirmDialog } = useAdminScreen();
  const list = trpc.contacts.list.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const create = trpc.contacts.create.useMutation();
  const update = trpc.contacts.update.useMutation();
  const remove = trpc.contacts.delete.useMutation();
  const [mode, setMode] = useState<Mode>(null);
  const [form, setForm] = useState<ContactForm>({ label: "", email: "", phone: "", description: "", isActive: true, displayOrder: "0" });
  const contacts = list.data ?? [];

  const openCreate = () => {
    setForm({ label: "", email: "", phone: "", description: "", isActive: true, displayOrder: String(contacts.length) });
    setMode({ kind: "create" });
  };
  const openEdit = (c: ContactDto) => {
    setForm({ label: c.label, email: c.email, phone: c.phone ?? "", description: c.description ?? "", isActive: c.isActive, displayOrder: String(c.displayOrder) });
    setMode({ kind: "edit", id: c.id });
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!mode) return;
    const label = form.label.trim();
    const email = form.email.trim();
    if (!label || !email) {
      toast({ title: "Missing Required Fields", description: "Label and email are required", variant: "destructive" });
      return;
    }
    const fields = { label, email, phone: form.phone.trim() || null, description: form.description.trim() || null, isActive: form.isActive, displayOrder: toDisplayOrder(form.displayOrder) };
    try {
      if (mode.kind === "create") {
        await create.mutateAsync({ id: contactIdFromLabel(label), ...fields });
        toast({ title: "Contact Created" });
      } else {
        await update.mutateAsync({ id: mode.id, ...fields });
        toast({ title: "Contact Updated" });
      }
      setMode(null);
      await utils.contacts.list.invalidate();
    } catch {
      toast({ title: "Error", description: mode.kind === "create" ? "Failed to create contact" : "Failed to update contact", variant: "destructive" });
    }
  }

  async function del(c: ContactDto) {
    const ok = await confirm({ title: "Delete contact", message: <>Are you sure you want to delete &ldquo;{c.label}&rdquo;? This action cannot be undone.</> });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: c.id });
      toast({ title: "Contact Deleted" });
      if (mode?.kind === "edit" && mode.id === c.id) setMode(null);
      await utils.contacts.list.invalidate();
    } catch {
      toast({ title: "Error", description: "Failed to delete contact", variant: "destructive" });
    }
  }

  const set = <K extends keyof ContactForm>(k: K, v: ContactForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  return (
    <div className="admin-stack">
      {confirmDialog}
      <div className="admin-toolbar">
        <p className="admin-muted">Active contacts appear in the site footer, by display order.</p>
        {!mode && (
          <button type="button" className="admin-btn admin-btn-primary" onClick={openCreate}>
            Add Contact
          </button>
        )}
      </div>
      {mode && (
        <form className="admin-card admin-form" onSubmit={save} noValidate aria-label={mode.kind === "create" ? "New contact" : "Edit contact"}>
          <h2>{mode.kind === "create" ? "New Contact" : "Edit Contact"}</h2>
          <div className="admin-form-grid">
            <label className="admin-field">
              <span>Label *</span>
              <input name="label" value={form.label} maxLength={TEXT_LIMITS.contactLabel} onChange={(e) => set("label", e.target.value)} placeholder="Advertising" />
              {mode.kind === "create" && form.label.trim() && <small>Id: {contactIdFromLabel(form.label)}</small>}
            </label>
            <label className="admin-field">
              <span>Email *</span>
              <input name="email" type="email" value={form.email} maxLength={TEXT_LIMITS.email} onChange={(e) => set("email", e.target.value)} />
            </label>
            <label className="admin-field">
              <span>Phone</span>
              <input name="phone" type="tel" value={form.phone} maxLength={TEXT_LIMITS.contactPhone} onChange={(e) => set("phone", e.target.value)} />
            </label>
            <label className="admin-field">
              <span>Display order</span>
              <input name="displayOrder" inputMode="numeric" value={form.displayOrder} onChange={(e) => set("displayOrder", e.target.value)} />
            </label>
            <label className="admin-field admin-field-wide">
              <span>Description</span>
              <textarea name="description" rows={2} value={form.description} maxLength={TEXT_LIMITS.contactDescription} onChange={(e) => set("description", e.target.value)} />
            </label>
            <label className="admin-check">
              <input type="checkbox" name="isActive" checked={form.isActive} onChange={(e) => set("isActive", e.target.checked)} /> Active (shown in the footer)
            </label>
          </div>
          <div className="admin-form-actions">
            <button type="button" className="admin-btn" onClick={() => setMode(null)}>
              Cancel
            </button>
            <button type="submit" className="admin-btn admin-btn-primary" disabled={create.isPending || update.isPending}>
              {mode.kind === "create" ? "Create Contact" : "Update Contact"}
            </button>
          </div>
        </form>
      )}
      {list.isError && <p className="admin-error">Could not load contacts: {list.error.message}</p>}
      {list.data && contacts.length === 0 && <p className="admin-card admin-muted">No business contacts yet. The footer says contact information will appear once configured here.</p>}
      <ul className="admin-contacts">
        {contacts.map((c) => (
          <li key={c.id} className="admin-card admin-contact" data-contact-id={c.id}>
            <div>
              <h3>
                {c.label} {!c.isActive && <span className="admin-badge">Inactive</span>}
              </h3>
              <p>
                <a href={`mailto:${c.email}`}>{c.email}</a>
                {c.phone && <> · {c.phone}</>}
              </p>
              {c.description && <p className="admin-muted">{c.description}</p>}
              <p className="admin-small admin-muted">
                Id {c.id} · order {c.displayOrder}
              </p>
            </div>
            <div className="admin-row-actions">
              <button type="button" className="admin-btn admin-btn-small" onClick={() => openEdit(c)}>
                Edit
              </button>
              <button type="button" className="admin-btn admin-btn-small admin-btn-danger" onClick={() => del(c)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
