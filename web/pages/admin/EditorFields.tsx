// The editor's fields: one control per editable article field (the compiler asks for a new field's), the main
// column (title, slug, excerpt, content with its live preview) and the side column with the others.
import { Fragment, type Dispatch, type ReactNode, type SetStateAction } from "react";
import { slugify, slugWithTimeSuffix } from "../../../src/schemas/slug.js";
import { ARTICLE_STATUSES, CATEGORIES, CONTENT_TIERS, TEXT_LIMITS, categoryLabel, type ArticleStatus, type ContentTier, type EditableArticleField } from "../../../src/schemas/constants.js";
import { ImageUpload } from "../../components/admin/ImageUpload.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";
import { useSite } from "../../lib/site.js";
import type { EditorForm } from "./editorForm.js";
import { useArticlePreview } from "./useArticlePreview.js";

const TIER_LABELS: Record<ContentTier, string> = { news_brief: "News brief", detailed_report: "Detailed report", premium_analysis: "Premium analysis" };
/** The fields of the main column; the others go to the side, in the order of the controls. */
const MAIN_FIELDS: readonly EditableArticleField[] = ["title", "slug", "excerpt", "content"];

const statusLabel = (status: ArticleStatus) => status[0].toUpperCase() + status.slice(1);

export interface EditorFieldsProps {
  form: EditorForm;
  setForm: Dispatch<SetStateAction<EditorForm>>;
  /** A new article: its slug gets a time suffix. */
  isNew: boolean;
  /** The signed-in role may publish this article: it chooses the status and the publish time. */
  mayPublish: boolean;
  /** Why the signed-in role cannot change this article, if it cannot: every field is disabled. */
  readOnly: string | null;
  /** The publish time chosen, as an ISO instant (null: set when published), and whether it is still to come. */
  publishAt: string | null;
  scheduled: boolean;
}

export function EditorFields({ form, setForm, isNew, mayPublish, readOnly, publishAt, scheduled }: EditorFieldsProps) {
  const { timeZone, format } = useSiteTime();
  const { siteName } = useSite();
  const preview = useArticlePreview(form.content);
  const set = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setTitle = (title: string) => setForm((f) => ({ ...f, title, slug: isNew ? slugWithTimeSuffix(title) : slugify(title) }));

  // One control per field, in the order they appear (the compiler asks for a new field's).
  const controls: Record<EditableArticleField, ReactNode> = {
    title: (
      <label className="admin-field">
        <span>Title *</span>
        <input name="title" value={form.title} maxLength={TEXT_LIMITS.title} onChange={(e) => setTitle(e.target.value)} placeholder="Headline" />
      </label>
    ),
    slug: (
      <label className="admin-field">
        <span>Slug</span>
        <input name="slug" value={form.slug} maxLength={TEXT_LIMITS.slug} onChange={(e) => set("slug", e.target.value)} placeholder="generated-from-the-title" />
        <small>Regenerated from the title as you type{isNew ? ", with a 6-digit time suffix" : ""}. Address: /article/{form.slug || "…"}</small>
      </label>
    ),
    excerpt: (
      <label className="admin-field">
        <span>Excerpt</span>
        <textarea name="excerpt" rows={3} value={form.excerpt} maxLength={TEXT_LIMITS.excerpt} onChange={(e) => set("excerpt", e.target.value)} />
        <small>Empty: the first 200 characters of the content followed by “...”.</small>
      </label>
    ),
    content: (
      <div className="admin-write">
        <label className="admin-field">
          <span>Content (markdown) *</span>
          <textarea name="content" className="admin-mono" rows={20} value={form.content} maxLength={TEXT_LIMITS.content} onChange={(e) => set("content", e.target.value)} />
        </label>
        <section className="admin-preview" aria-label="Preview">
          <div className="admin-preview-head">
            <span>Preview</span>
            {preview.pending && <small>Updating…</small>}
            {preview.error && <small className="admin-error">{preview.error}</small>}
          </div>
          {form.content.trim() ? <div className="article-body admin-preview-body" dangerouslySetInnerHTML={{ __html: preview.html }} /> : <p className="admin-muted">The rendered article appears here as you write.</p>}
        </section>
      </div>
    ),
    status: mayPublish ? (
      <Choice name="status" label="Status" value={form.status} options={ARTICLE_STATUSES.map((s) => [s, statusLabel(s)])} onChange={(v) => set("status", v)} />
    ) : (
      <div className="admin-field">
        <span>Status</span>
        <output name="status">{statusLabel(form.status)}</output>
        <small>{form.status === "draft" ? "An editor publishes it." : "Only an editor changes it now."}</small>
      </div>
    ),
    publishedAt: mayPublish && (
      <label className="admin-field">
        <span>Publish date and time</span>
        <input type="datetime-local" name="publishedAt" value={form.publishedAt} onChange={(e) => set("publishedAt", e.target.value)} />
        <small>
          Site time ({timeZone}). Empty: set when published. A future time schedules the article.
        </small>
        {scheduled && <span className="admin-badge admin-badge-scheduled">Scheduled for {format(publishAt!)}</span>}
      </label>
    ),
    category: <Choice name="category" label="Category" value={form.category} options={CATEGORIES.map((c) => [c, categoryLabel(c)])} onChange={(v) => set("category", v)} />,
    contentTier: <Choice name="contentTier" label="Content tier" value={form.contentTier} options={CONTENT_TIERS.map((t) => [t, TIER_LABELS[t]])} onChange={(v) => set("contentTier", v)} />,
    author: (
      <label className="admin-field">
        <span>Author</span>
        <input name="author" value={form.author} maxLength={TEXT_LIMITS.author} onChange={(e) => set("author", e.target.value)} placeholder={`${siteName} Staff`} />
      </label>
    ),
    imageUrl: (
      <>
        <ImageUpload imageUrl={form.imageUrl} onUploaded={(image) => set("imageUrl", image.url)} />
        <label className="admin-field">
          <span>Image URL</span>
          <input name="imageUrl" type="url" value={form.imageUrl} maxLength={TEXT_LIMITS.imageUrl} onChange={(e) => set("imageUrl", e.target.value)} placeholder="https://… or /images/…" />
        </label>
      </>
    ),
    imageAlt: (
      <label className="admin-field">
        <span>Image alt text</span>
        <input name="imageAlt" value={form.imageAlt} maxLength={TEXT_LIMITS.imageAlt} onChange={(e) => set("imageAlt", e.target.value)} aria-invalid={Boolean(form.imageUrl.trim() && !form.imageAlt.trim())} />
        <small>Required when an image is set: what the image shows, for readers who cannot see it.</small>
      </label>
    ),
    isPremium: (
      <label className="admin-check">
        <input type="checkbox" name="isPremium" checked={form.isPremium} onChange={(e) => set("isPremium", e.target.checked)} /> Premium article
      </label>
    ),
    isBreaking: (
      <label className="admin-check">
        <input type="checkbox" name="isBreaking" checked={form.isBreaking} onChange={(e) => set("isBreaking", e.target.checked)} /> Breaking news
      </label>
    ),
  };

  return (
    // A role that may not change this article reads it: every field is disabled.
    <fieldset className="admin-editor-fields" disabled={Boolean(readOnly)}>
      <div className="admin-editor-grid">
        <div className="admin-card admin-editor-main">{MAIN_FIELDS.map((field) => <Fragment key={field}>{controls[field]}</Fragment>)}</div>
        <aside className="admin-card admin-editor-side">
          {(Object.keys(controls) as EditableArticleField[])
            .filter((field) => !MAIN_FIELDS.includes(field))
            .map((field) => (
              <Fragment key={field}>{controls[field]}</Fragment>
            ))}
        </aside>
      </div>
    </fieldset>
  );
}

/** A labelled select of fixed values. */
function Choice<T extends string>({ name, label, value, options, onChange }: { name: string; label: string; value: T; options: [T, string][]; onChange: (value: T) => void }) {
  return (
    <label className="admin-field">
      <span>{label}</span>
      <select name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
