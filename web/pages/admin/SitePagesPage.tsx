import { useMemo, useState } from "react";
import type { PageDto } from "../../../src/schemas/site.js";
import { TEXT_LIMITS } from "../../../src/schemas/constants.js";
import { DraftBanner } from "../../components/admin/DraftBanner.js";
import { useBeforeUnload, useLocalDraft } from "../../components/admin/useUnsavedChanges.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

/** Every page's markdown in one file, each under a marker naming its id and title. */
export function exportPages(pages: Pick<PageDto, "id" | "title" | "content">[]) {
  return pages.map((p) => `<!-- page: ${p.id} -->\n# ${p.title}\n\n${p.content.trim()}\n`).join("\n---\n\n");
}

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/markdown;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** /site-pages: the ten static pages, viewed and edited one at a time. */
export function SitePagesPage() {
  return (
    <AdminLayout title="Site Pages">
      <SitePages />
    </AdminLayout>
  );
}

function SitePages() {
  // Pages are polled every 5 s and on focus; edits in progress live in local state, so polling never clobbers them.
  const list = trpc.pages.list.useQuery(undefined, { refetchInterval: 5000, refetchOnWindowFocus: true, staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const pages = list.data ?? [];
  const page = pages.find((p) => p.id === selectedId) ?? pages[0];

  return (
    <div className="admin-pages">
      <nav className="admin-card admin-pages-list" aria-label="Pages">
        <div className="admin-pages-list-head">
          <h2>Pages</h2>
          <button type="button" className="admin-btn admin-btn-small" disabled={!pages.length} onClick={() => download(`site-pages-${new Date().toISOString().slice(0, 10)}.md`, exportPages(pages))}>
            Export All Pages
          </button>
        </div>
        {list.isLoading && <p className="admin-muted">Loading…</p>}
        {list.isError && <p className="admin-error">Could not load pages: {list.error.message}</p>}
        <ul>
          {pages.map((p) => (
            <li key={p.id}>
              <button type="button" className={p.id === page?.id ? "active" : undefined} aria-current={p.id === page?.id ? "page" : undefined} onClick={() => setSelectedId(p.id)}>
                {p.title}
                <small>/{p.id}</small>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {/* One editor per page: an unfinished edit is kept as that page's draft when another page is opened. */}
      {page && <PageDetail key={page.id} page={page} />}
    </div>
  );
}

type PageText = { title: string; content: string };

function PageDetail({ page }: { page: PageDto }) {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const save = trpc.pages.update.useMutation();
  const reset = trpc.pages.reset.useMutation();
  const [editing, setEditing] = useState<PageText | null>(null);
  const stored = useMemo<PageText>(() => ({ title: page.title, content: page.content }), [page.title, page.content]);
  const dirty = editing !== null && (editing.title !== stored.title || editing.content !== stored.content);
  useBeforeUnload(dirty);
  const draft = useLocalDraft(`admin-draft:page:${page.id}`, editing ?? stored, stored, true);

  async function onSave() {
    if (!editing) return;
    try {
      await save.mutateAsync({ pageId: page.id, title: editing.title, content: editing.content });
      await utils.pages.list.invalidate();
      draft.clear();
      setEditing(null);
      toast({ title: "Page Updated", description: "Your changes have been saved to the database." });
    } catch {
      toast({ title: "Error", description: "Failed to save changes. Please try again.", variant: "destructive" });
    }
  }

  async function onReset() {
    const ok = await confirm({
      title: "Reset to Default",
      message: <>Are you sure you want to reset &ldquo;{page.title}&rdquo; to its built-in text? Your saved text will be replaced. This action cannot be undone.</>,
      confirmLabel: "Reset",
    });
    if (!ok) return;
    try {
      await reset.mutateAsync({ pageId: page.id });
      await utils.pages.list.invalidate();
      draft.clear();
      setEditing(null);
      toast({ title: "Page Reset", description: "The built-in text has been restored." });
    } catch (err) {
      toast({ title: "Error", description: `Failed to reset the page: ${(err as Error).message}`, variant: "destructive" });
    }
  }

  return (
    <section className="admin-card admin-pages-detail" aria-label={page.title}>
      {confirmDialog}
      {draft.offer && (
        <DraftBanner restoreLabel="Restore edit" onRestore={() => setEditing(draft.accept() ?? null)} onDiscard={draft.discard}>
          An unsaved edit of this page from {format(draft.offer.savedAt)} was kept in this browser.
        </DraftBanner>
      )}
      <div className="admin-toolbar">
        <div>
          <h2>{editing ? `Editing: ${page.title}` : page.title}</h2>
          <p className="admin-small admin-muted">{page.updatedAt ? `Saved ${format(page.updatedAt)}` : "Built-in default text"}</p>
        </div>
        <div className="admin-row-actions">
          <a className="admin-btn" href={`/${page.id}`} target="_blank" rel="noopener">
            Preview Page
          </a>
          {editing ? (
            <>
              <button type="button" className="admin-btn" onClick={() => (draft.clear(), setEditing(null))}>
                Cancel
              </button>
              <button type="button" className="admin-btn admin-btn-primary" onClick={onSave} disabled={save.isPending}>
                {save.isPending ? "Saving..." : "Save"}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="admin-btn" onClick={onReset} disabled={reset.isPending || !page.updatedAt} title={page.updatedAt ? undefined : "Already the built-in text"}>
                Reset to Default
              </button>
              <button type="button" className="admin-btn admin-btn-primary" onClick={() => setEditing(stored)}>
                Edit
              </button>
            </>
          )}
        </div>
      </div>
      {editing ? (
        <div className="admin-stack">
          <label className="admin-field">
            <span>Title</span>
            <input name="title" value={editing.title} maxLength={TEXT_LIMITS.pageTitle} onChange={(e) => setEditing({ ...editing, title: e.target.value })} />
          </label>
          <label className="admin-field">
            <span>Content (markdown)</span>
            <textarea name="content" className="admin-mono" rows={22} value={editing.content} onChange={(e) => setEditing({ ...editing, content: e.target.value })} />
          </label>
        </div>
      ) : (
        <div className="article-body admin-page-view" dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
      )}
    </section>
  );
}
