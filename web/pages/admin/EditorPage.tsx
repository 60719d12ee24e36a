import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { slugify, slugWithTimeSuffix } from "../../../src/schemas/slug.js";
import type { ArticleCreateInput, ArticleDto } from "../../../src/schemas/article.js";
import { createRefusal, defaultStatus, editRefusal } from "../../../src/schemas/articleRights.js";
import { can, type MeDto } from "../../../src/schemas/staff.js";
import {
  ARTICLE_STATUSES,
  CATEGORIES,
  CONTENT_TIERS,
  EDITABLE_ARTICLE_FIELDS,
  TEXT_LIMITS,
  categoryLabel,
  type ArticleStatus,
  type ContentTier,
  type EditableArticleField,
} from "../../../src/schemas/constants.js";
import { fromZonedInput, toZonedInput } from "../../components/admin/zonedTime.js";
import { useSite } from "../../lib/site.js";
import { DraftBanner } from "../../components/admin/DraftBanner.js";
import { HistoryPanel } from "./EditorHistory.js";
import { PreviewLinks } from "./EditorPreviewLinks.js";
import { SendAlert } from "../../components/admin/SendAlert.js";
import { ImageUpload } from "../../components/admin/ImageUpload.js";
import { useBeforeUnload, useLocalDraft } from "../../components/admin/useUnsavedChanges.js";
import { errorCode, trpc } from "../../trpc.js";
import { LivePanel } from "./EditorLive.js";
import { EditorReview } from "./EditorReview.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized, useMe } from "./AdminLayout.js";

type FormValue<T> = NonNullable<T> extends boolean ? boolean : NonNullable<T>;
/**
 * Every field the newsroom edits (EDITABLE_ARTICLE_FIELDS) as its control holds it: text as a string ("" for none),
 * a flag as a boolean; publishedAt as a datetime-local value in the site's zone (SITE_TIMEZONE), "" = set when published.
 */
export type EditorForm = { [K in EditableArticleField]: FormValue<ArticleCreateInput[K]> };

const EMPTY: EditorForm = {
  title: "", slug: "", excerpt: "", content: "", author: "", category: "analysis", contentTier: "news_brief",
  imageUrl: "", imageAlt: "", isBreaking: false, isPremium: false, status: "published", publishedAt: "",
};
const TIER_LABELS: Record<ContentTier, string> = { news_brief: "News brief", detailed_report: "Detailed report", premium_analysis: "Premium analysis" };
/** The fields of the main column; the others go to the side, in the order of the controls. */
const MAIN_FIELDS: readonly EditableArticleField[] = ["title", "slug", "excerpt", "content"];

function formFrom(a: ArticleDto, timeZone: string): EditorForm {
  const form = Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((field) => [field, a[field] ?? ""])) as EditorForm;
  return { ...form, publishedAt: toZonedInput(a.publishedAt, timeZone) };
}

/** A form kept in this browser, with any field it predates (the form gained a field since) as for a new article. */
const completeForm = (kept: Partial<EditorForm>): EditorForm => Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((field) => [field, kept[field] ?? EMPTY[field]])) as EditorForm;

/** Text trimmed (the server reads an empty text as none, or as its default), the rest as chosen. */
const trimmed = (form: EditorForm) => Object.fromEntries(EDITABLE_ARTICLE_FIELDS.map((field) => [field, typeof form[field] === "string" ? form[field].trim() : form[field]])) as EditorForm;

const draftKey = (id: number | null) => `admin-draft:article:${id ?? "new"}`;

/** /editor and /editor/{id}: write or edit an article; never loses what was typed. */
export function EditorPage() {
  const { id: param } = useParams<{ id: string }>();
  const id = param !== undefined && /^\d{1,10}$/.test(param) ? Number(param) : null;
  // What the editor offers follows the signed-in role: it waits for it.
  const { me } = useMe();
  return (
    <AdminLayout title={param === undefined ? "Create Article" : "Edit Article"}>
      {param !== undefined && id === null ? (
        <div className="admin-card">
          <p className="admin-error">There is no article “{param}”: article addresses in the editor end in a number.</p>
          <BackButtons />
        </div>
      ) : me ? (
        <Editor id={id} me={me} />
      ) : (
        <p className="admin-loading">Loading…</p>
      )}
    </AdminLayout>
  );
}

/** What a save does besides saving: a status to save with, its toast's title, and a step before the editor moves on. */
interface SaveOptions {
  status?: ArticleStatus;
  done?: string;
  then?: (article: ArticleDto) => Promise<void>;
}

function Editor({ id, me }: { id: number | null; me: MeDto }) {
  const navigate = useNavigate();
  const { utils, toast, timeZone, format, confirm, confirmDialog } = useAdminScreen();
  const { siteName } = useSite();
  const key = { id: id ?? 0, admin: "true" } as const;
  const article = trpc.articles.byId.useQuery(key, { enabled: id !== null, staleTime: 0, gcTime: 0 });
  useExpireOnUnauthorized(article.error);
  // A new article starts with the writer's byline, and as a draft for a role that may not publish.
  const [empty] = useState<EditorForm>(() => ({ ...EMPTY, author: me.name, status: defaultStatus(me) }));
  const [saved, setSaved] = useState<EditorForm | undefined>(id === null ? empty : undefined);
  const [form, setForm] = useState<EditorForm>(empty);
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    if (article.data && saved === undefined) {
      const loaded = formFrom(article.data, timeZone);
      setSaved(loaded);
      setForm(loaded);
    }
  }, [article.data, saved, timeZone]);

  const dirty = saved !== undefined && JSON.stringify(form) !== JSON.stringify(saved);
  useBeforeUnload(dirty);
  const draft = useLocalDraft(draftKey(id), form, saved, saved !== undefined);

  const create = trpc.articles.create.useMutation();
  const update = trpc.articles.update.useMutation();
  const remove = trpc.articles.delete.useMutation();
  const submit = trpc.articles.submit.useMutation();
  const sendBack = trpc.newsroom.sendBack.useMutation();
  const saving = create.isPending || update.isPending;

  // Only what the server allows this role (src/schemas/articleRights.ts, the rules it checks): a contributor writes
  // drafts and submits them; an author publishes their own; editors publish any article and work the review queue,
  // live blogs, alerts and preview links.
  const stored = id === null ? null : (article.data ?? null);
  const owned = stored && { authorId: stored.authorId ?? null, status: stored.status };
  const readOnly = owned ? editRefusal(me, owned) : null;
  const mayPublish = (owned ? editRefusal(me, owned, { status: "published" }) : createRefusal(me, { status: "published" })) === null;
  const editorial = can(me.role, "articles:any");
  const mayAskReview = !mayPublish && !readOnly && (stored === null || (stored.status === "draft" && !stored.submittedAt));

  /** The editor's copy of the article after a change: the answer at once, then the newsroom's read (its review state). */
  const reload = (result?: ArticleDto) => {
    if (result) utils.articles.byId.setData(key, (prev) => (prev ? { ...prev, ...result } : result));
    return utils.articles.byId.invalidate(key);
  };

  const set = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setTitle = (title: string) => setForm((f) => ({ ...f, title, slug: id === null ? slugWithTimeSuffix(title) : slugify(title) }));

  const preview = usePreview(form.content);
  const publishAt = form.publishedAt ? fromZonedInput(form.publishedAt, timeZone) : null;
  const scheduled = form.status === "published" && publishAt !== null && new Date(publishAt).getTime() > Date.now();

  async function save(options: SaveOptions = {}): Promise<void> {
    const submitted = form;
    const { publishedAt: _zoned, ...fields } = trimmed(form);
    const { title, content } = fields;
    if (!title || !content) {
      toast({ title: "Missing Required Fields", description: "Title and content are required", variant: "destructive" });
      return;
    }
    if (fields.imageUrl && !fields.imageAlt) {
      toast({ title: "Missing Required Fields", description: "Alt text is required when an image is set", variant: "destructive" });
      return;
    }
    const body = {
      ...fields,
      ...(options.status ? { status: options.status } : {}),
      slug: fields.slug || (id === null ? slugWithTimeSuffix(title) : undefined),
      // Sent only when chosen or changed: the input has minute precision, so resending a loaded time would shift it.
      ...(form.publishedAt && form.publishedAt !== saved?.publishedAt ? { publishedAt: publishAt } : {}),
    };
    try {
      const result = id === null ? await create.mutateAsync(body) : await update.mutateAsync({ id, ...body });
      toast({ title: options.done ?? (!mayPublish ? "Draft Saved" : id === null ? "Article Created" : "Article Updated"), description: "Changes saved successfully" });
      void utils.articles.adminList.invalidate();
      void utils.admin.systemStatus.invalidate();
      const next = formFrom(result, timeZone);
      // Whatever was typed while the save was on its way stays in the form (or, after a create, in the new article's draft).
      const typedSince = JSON.stringify(latest.current) !== JSON.stringify(submitted);
      draft.clear();
      await options.then?.(result);
      if (id === null) {
        if (typedSince) window.localStorage.setItem(draftKey(result.id), JSON.stringify({ value: { ...latest.current, slug: next.slug }, savedAt: new Date().toISOString() }));
        void navigate(`/editor/${result.id}`, { replace: true });
      } else {
        void reload(result);
        void utils.revisions.list.invalidate({ id });
        setSaved(next);
        setForm((current) => (JSON.stringify(current) === JSON.stringify(submitted) ? next : current));
      }
    } catch (err) {
      // The form stays exactly as typed (and in the local draft).
      if (errorCode(err) === "UNAUTHORIZED") toast({ title: "Save Failed", description: "Failed to save article: your session has expired. Log in again; your draft is kept in this browser.", variant: "destructive" });
      else toast({ title: "Save Failed", description: `Failed to save article: ${(err as Error).message || "Unknown error"}`, variant: "destructive" });
    }
  }

  /** Saves what is typed (when there is anything to save), then puts the draft in the editors' review queue. */
  async function submitForReview() {
    const then = async (a: ArticleDto) => {
      try {
        await submit.mutateAsync({ id: a.id });
        toast({ title: "Submitted for Review", description: "An editor will publish it or send it back with a note." });
      } catch (err) {
        toast({ title: "Not Submitted", description: (err as Error).message, variant: "destructive" });
      }
    };
    if (stored && !dirty) {
      await then(stored);
      await reload();
    } else await save({ then });
  }

  /** An editor's "Send back": the draft leaves the queue with a note for its writer. */
  async function sendBackWith(note: string): Promise<boolean> {
    if (id === null) return false;
    try {
      await sendBack.mutateAsync({ id, note });
      toast({ title: "Sent Back", description: "The writer sees your note in the editor." });
      void utils.newsroom.reviewQueue.invalidate();
      await reload();
      return true;
    } catch (err) {
      toast({ title: "Not Sent Back", description: (err as Error).message, variant: "destructive" });
      return false;
    }
  }

  async function del() {
    if (id === null) return;
    const ok = await confirm({
      title: "Delete article",
      message: <>Are you sure you want to delete &ldquo;{form.title || saved?.title}&rdquo;? This action cannot be undone.</>,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id });
      draft.clear();
      setSaved(form); // nothing left to protect
      toast({ title: "Article Deleted", description: "Article removed successfully" });
      void utils.articles.adminList.invalidate();
      void navigate("/articles");
    } catch (err) {
      toast({ title: "Delete Failed", description: (err as Error).message, variant: "destructive" });
    }
  }

  if (id !== null && article.isError && errorCode(article.error) !== "UNAUTHORIZED") {
    return (
      <div className="admin-card">
        <p className="admin-error">
          {errorCode(article.error) === "NOT_FOUND" ? `Article ${id} not found.` : errorCode(article.error) === "FORBIDDEN" ? `You don't have access to this article: ${article.error.message}.` : `Could not load the article: ${article.error.message}`}
        </p>
        <BackButtons />
      </div>
    );
  }
  if (saved === undefined) return <p className="admin-loading">Loading article…</p>;

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
        <small>Regenerated from the title as you type{id === null ? ", with a 6-digit time suffix" : ""}. Address: /article/{form.slug || "…"}</small>
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
    <form
      className="admin-editor"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {confirmDialog}
      {draft.offer && (
        <DraftBanner restoreLabel="Restore draft" onRestore={() => {
            const kept = draft.accept();
            setForm(kept ? completeForm(kept) : form);
          }} onDiscard={draft.discard}>
          An unsaved draft from {format(draft.offer.savedAt)} was kept in this browser.
        </DraftBanner>
      )}
      <div className="admin-editor-bar">
        <BackButtons />
        <span className="admin-editor-state" aria-live="polite">
          {dirty ? "Unsaved changes" : id === null ? "New article" : "All changes saved"}
        </span>
        <span className="admin-editor-bar-actions">
          {id !== null && form.status === "published" && !scheduled && saved.status === "published" && (
            <a className="admin-btn admin-btn-ghost" href={`/article/${saved.slug}`} target="_blank" rel="noopener">
              View
            </a>
          )}
          {id !== null && !readOnly && (
            <button type="button" className="admin-btn admin-btn-danger" onClick={del} disabled={remove.isPending}>
              Delete
            </button>
          )}
          {!readOnly && (
            <button type="submit" className={`admin-btn ${mayAskReview ? "" : "admin-btn-primary"}`} disabled={saving}>
              {saving ? "Saving..." : !mayPublish ? (id === null ? "Create Draft" : "Save Draft") : id === null ? "Create Article" : "Update Article"}
            </button>
          )}
          {mayAskReview && (
            <button type="button" className="admin-btn admin-btn-primary" onClick={submitForReview} disabled={saving || submit.isPending}>
              Submit for review
            </button>
          )}
        </span>
      </div>

      <EditorReview
        article={stored}
        mayPublish={mayPublish}
        reviews={editorial}
        readOnly={readOnly}
        busy={saving || sendBack.isPending}
        onApprove={() => void save({ status: "published", done: publishAt !== null && new Date(publishAt).getTime() > Date.now() ? "Article Scheduled" : "Article Published" })}
        onSendBack={sendBackWith}
      />
      {/* A role that may not change this article reads it: every field is disabled. */}
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
      {/* Alerts, live blogs and preview links are editors' work: an author publishing their own article is offered none. */}
      {id !== null && saved.status === "published" && !scheduled && editorial && <SendAlert articleId={id} title={saved.title} excerpt={saved.excerpt} category={saved.category} isBreaking={saved.isBreaking} />}
      {id !== null && editorial && <LivePanel articleId={id} liveStatus={article.data?.liveStatus ?? null} />}
      {id !== null && editorial && <PreviewLinks articleId={id} />}
      {id !== null && (
        <HistoryPanel
          articleId={id}
          dirty={dirty}
          canRestore={!readOnly}
          onRestored={(result) => {
            const next = formFrom(result, timeZone);
            draft.clear();
            void reload(result);
            setSaved(next);
            setForm(next);
          }}
        />
      )}
    </form>
  );
}

const statusLabel = (status: ArticleStatus) => status[0].toUpperCase() + status.slice(1);

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

function BackButtons() {
  return (
    <span className="admin-back">
      <Link to="/admin" className="admin-btn admin-btn-ghost">
        ← Dashboard
      </Link>
      <Link to="/articles" className="admin-btn admin-btn-ghost">
        ← Articles
      </Link>
    </span>
  );
}

/** Live preview through the server's sanitising renderer, debounced while typing. */
function usePreview(content: string) {
  const render = trpc.adminTools.preview.useMutation();
  const [html, setHtml] = useState("");
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    if (!content.trim()) return;
    const ticket = ++latest.current;
    const timer = window.setTimeout(() => {
      render.mutateAsync({ content }).then(
        (r) => ticket === latest.current && (setHtml(r.html), setError(null)),
        (err: Error) => ticket === latest.current && setError(`Preview unavailable: ${err.message}`),
      );
    }, 350);
    return () => window.clearTimeout(timer);
  }, [content]); // eslint-disable-line react-hooks/exhaustive-deps
  return { html, error, pending: render.isPending };
}
