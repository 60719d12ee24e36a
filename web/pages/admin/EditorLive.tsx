// "Live blog" in the editor: the article's live state (live → ended), a short form that publishes an update (markdown
// body, optional title and image, key event, pinned), and the updates with edit and delete. Every change reaches the
// readers' open pages within moments through the live blog's event stream.
import { useState } from "react";
import type { LivePostDto } from "../../../src/schemas/live.js";
import { LIVE_BODY_MAX, type LiveStatus } from "../../../src/schemas/liveConstants.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";

interface PostForm {
  body: string;
  title: string;
  imageUrl: string;
  isKeyEvent: boolean;
  pinned: boolean;
}
const EMPTY: PostForm = { body: "", title: "", imageUrl: "", isKeyEvent: false, pinned: false };
const formOf = (p: LivePostDto): PostForm => ({ body: p.body, title: p.title ?? "", imageUrl: p.imageUrl ?? "", isKeyEvent: p.isKeyEvent, pinned: p.pinned });

export function LivePanel({ articleId, liveStatus }: { articleId: number; liveStatus: LiveStatus | null }) {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const posts = trpc.live.posts.useQuery({ id: articleId, limit: 100 }, { enabled: liveStatus !== null, staleTime: 0 });
  const setStatus = trpc.articles.update.useMutation();
  const create = trpc.live.create.useMutation();
  const update = trpc.live.update.useMutation();
  const remove = trpc.live.delete.useMutation();
  const [form, setForm] = useState<PostForm>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const refresh = () => utils.live.posts.invalidate({ id: articleId });
  const fail = (title: string) => (err: unknown) => toast({ title, description: (err as Error).message, variant: "destructive" });

  async function changeStatus(next: LiveStatus | null) {
    try {
      const saved = await setStatus.mutateAsync({ id: articleId, liveStatus: next });
      utils.articles.byId.setData({ id: articleId, admin: "true" }, saved);
      toast({ title: next === "live" ? "The live blog is running" : next === "ended" ? "The live blog has ended" : "No longer a live blog", description: "Readers' pages follow at once." });
    } catch (err) {
      fail("Could not change the live state")(err);
    }
  }

  async function publish() {
    const fields = { body: form.body, title: form.title || null, imageUrl: form.imageUrl || null, isKeyEvent: form.isKeyEvent, pinned: form.pinned };
    try {
      if (editing === null) await create.mutateAsync({ id: articleId, ...fields });
      else await update.mutateAsync({ id: articleId, postId: editing, ...fields });
      toast({ title: editing === null ? "Update published" : "Update edited", description: "Open pages show it within moments." });
      setForm(EMPTY);
      setEditing(null);
      await refresh();
    } catch (err) {
      fail("Could not save the update")(err);
    }
  }

  async function del(post: LivePostDto) {
    if (!(await confirm({ title: "Delete this update?", message: "It disappears from the readers' pages at once." }))) return;
    try {
      await remove.mutateAsync({ id: articleId, postId: post.id });
      await refresh();
    } catch (err) {
      fail("Could not delete the update")(err);
    }
  }

  const busy = create.isPending || update.isPending;
  return (
    <section className="admin-card admin-live" aria-labelledby="live-panel-title">
      {confirmDialog}
      <h2 id="live-panel-title">Live blog</h2>
      <p className="admin-muted">
        {liveStatus === "live" ? "Running: readers' pages receive each update as you publish it." : liveStatus === "ended" ? "Ended: the updates stay on the page." : "Make this article a live blog to publish updates that reach open pages without a reload."}
      </p>
      <div className="admin-live-actions">
        {liveStatus !== "live" && (
          <button type="button" className="admin-btn admin-btn-primary" onClick={() => changeStatus("live")} disabled={setStatus.isPending}>
            {liveStatus === "ended" ? "Reopen live blog" : "Start live blog"}
          </button>
        )}
        {liveStatus === "live" && (
          <button type="button" className="admin-btn" onClick={() => changeStatus("ended")} disabled={setStatus.isPending}>
            End live blog
          </button>
        )}
        {liveStatus !== null && (
          <button type="button" className="admin-btn admin-btn-ghost" onClick={() => changeStatus(null)} disabled={setStatus.isPending}>
            Not a live blog
          </button>
        )}
      </div>
      {(liveStatus === "live" || editing !== null) && (
        <div className="admin-live-form" role="group" aria-label={editing === null ? "New update" : "Edit update"}>
          <label className="admin-field">
            <span>Title (optional)</span>
            <input name="liveTitle" value={form.title} maxLength={200} onChange={(e) => set("title", e.target.value)} />
          </label>
          <label className="admin-field">
            <span>Update (markdown) *</span>
            <textarea name="liveBody" className="admin-mono" rows={4} value={form.body} maxLength={LIVE_BODY_MAX} onChange={(e) => set("body", e.target.value)} />
          </label>
          <label className="admin-field">
            <span>Image URL (optional)</span>
            <input name="liveImageUrl" value={form.imageUrl} maxLength={1000} onChange={(e) => set("imageUrl", e.target.value)} placeholder="https://… or /media/…" />
          </label>
          <label className="admin-check">
            <input type="checkbox" name="liveKeyEvent" checked={form.isKeyEvent} onChange={(e) => set("isKeyEvent", e.target.checked)} /> Key event
          </label>
          <label className="admin-check">
            <input type="checkbox" name="livePinned" checked={form.pinned} onChange={(e) => set("pinned", e.target.checked)} /> Pinned
          </label>
          <button type="button" className="admin-btn admin-btn-primary" onClick={publish} disabled={busy || !form.body.trim()}>
            {busy ? "Saving..." : editing === null ? "Publish update" : "Save update"}
          </button>
          {editing !== null && (
            <button type="button" className="admin-btn admin-btn-ghost" onClick={() => (setEditing(null), setForm(EMPTY))}>
              Cancel
            </button>
          )}
        </div>
      )}
      {posts.isError && <p className="admin-error">Could not load the updates: {posts.error.message}</p>}
      {(posts.data ?? []).length > 0 && (
        <ol className="admin-live-posts">
          {(posts.data ?? []).map((p) => (
            <li key={p.id}>
              <div>
                <small>
                  {format(p.createdAt)}
                  {p.isKeyEvent ? " · key event" : ""}
                  {p.pinned ? " · pinned" : ""}
                </small>
                {p.title && <strong> {p.title}</strong>}
                <div className="admin-live-body" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
              </div>
              <span>
                <button type="button" className="admin-btn admin-btn-ghost" onClick={() => (setEditing(p.id), setForm(formOf(p)))}>
                  Edit
                </button>
                <button type="button" className="admin-btn admin-btn-danger" onClick={() => del(p)} disabled={remove.isPending}>
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
