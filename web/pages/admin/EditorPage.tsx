import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { slugWithTimeSuffix } from "../../../src/schemas/slug.js";
import type { ArticleDto } from "../../../src/schemas/article.js";
import { createRefusal, defaultStatus, editRefusal } from "../../../src/schemas/articleRights.js";
import { can, type MeDto } from "../../../src/schemas/staff.js";
import type { ArticleStatus } from "../../../src/schemas/constants.js";
import { fromZonedInput } from "../../components/admin/zonedTime.js";
import { DraftBanner } from "../../components/admin/DraftBanner.js";
import { HistoryPanel } from "./EditorHistory.js";
import { PreviewLinks } from "./EditorPreviewLinks.js";
import { SendAlert } from "../../components/admin/SendAlert.js";
import { useBeforeUnload, useLocalDraft } from "../../components/admin/useUnsavedChanges.js";
import { errorCode, trpc } from "../../trpc.js";
import { EditorFields } from "./EditorFields.js";
import { completeForm, draftKey, EMPTY_FORM, formFrom, trimmed, type EditorForm } from "./editorForm.js";
import { LivePanel } from "./EditorLive.js";
import { EditorReview } from "./EditorReview.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized, useMe } from "./AdminLayout.js";

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
  const key = { id: id ?? 0, admin: "true" } as const;
  const article = trpc.articles.byId.useQuery(key, { enabled: id !== null, staleTime: 0, gcTime: 0 });
  useExpireOnUnauthorized(article.error);
  // A new article starts with the writer's byline, and as a draft for a role that may not publish.
  const [empty] = useState<EditorForm>(() => ({ ...EMPTY_FORM, author: me.name, status: defaultStatus(me) }));
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
      <EditorFields form={form} setForm={setForm} isNew={id === null} mayPublish={mayPublish} readOnly={readOnly} publishAt={publishAt} scheduled={scheduled} />
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
