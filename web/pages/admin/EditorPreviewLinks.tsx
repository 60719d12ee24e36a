// "Share preview": links that show the article (any status) to whoever holds them, listed and revocable. The server
// keeps only a hash of each link's token, so a link's address is shown when it is made (and until the page is left).
import { useState } from "react";
import { trpc } from "../../trpc.js";
import { useToast } from "../../components/toast.js";
import { useSiteTime } from "../../components/admin/zonedTime.js";

export function PreviewLinks({ articleId }: { articleId: number }) {
  const { format } = useSiteTime();
  const { toast } = useToast();
  const utils = trpc.useUtils();
  const list = trpc.previews.list.useQuery({ id: articleId }, { staleTime: 0 });
  const create = trpc.previews.create.useMutation();
  const revoke = trpc.previews.revoke.useMutation();
  const refresh = () => utils.previews.list.invalidate({ id: articleId });
  /** The addresses of the links made on this page, by link id: the list cannot give them again. */
  const [made, setMade] = useState<Record<string, string>>({});

  async function share() {
    try {
      const link = await create.mutateAsync({ id: articleId });
      const url = link.url ?? "";
      setMade((m) => ({ ...m, [link.id]: url }));
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toast({ title: "Preview link created", description: `Valid until ${format(link.expiresAt)}. The link is copied to your clipboard when the browser allows it.` });
      await refresh();
    } catch (err) {
      toast({ title: "Could not create the link", description: (err as Error).message, variant: "destructive" });
    }
  }

  async function revokeLink(id: string) {
    try {
      await revoke.mutateAsync({ token: id });
      toast({ title: "Preview link revoked", description: "The link no longer opens the article." });
      await refresh();
    } catch (err) {
      toast({ title: "Could not revoke the link", description: (err as Error).message, variant: "destructive" });
    }
  }

  const links = list.data ?? [];
  return (
    <section className="admin-card admin-previews" aria-labelledby="previews-title">
      <h2 id="previews-title">Preview links</h2>
      <p className="admin-muted">Anyone holding a link sees the article as readers will, whatever its status, until it expires or you revoke it. A link is shown only when you make it: copy it then.</p>
      <button type="button" className="admin-btn admin-btn-primary" onClick={share} disabled={create.isPending}>
        {create.isPending ? "Creating..." : "Share preview"}
      </button>
      {list.isError && <p className="admin-error">Could not load the links: {list.error.message}</p>}
      {links.length > 0 && (
        <ul className="admin-preview-links">
          {links.map((p) => (
            <li key={p.id} className={p.active ? undefined : "is-inactive"}>
              {made[p.id] ? <input readOnly value={made[p.id]} aria-label="Preview link" onFocus={(e) => e.currentTarget.select()} /> : <span className="admin-muted">Link made {format(p.createdAt)}</span>}
              <small>
                {p.revokedAt ? `Revoked ${format(p.revokedAt)}` : p.active ? `Expires ${format(p.expiresAt)}` : `Expired ${format(p.expiresAt)}`}
              </small>
              {p.active && (
                <button type="button" className="admin-btn admin-btn-ghost" onClick={() => revokeLink(p.id)} disabled={revoke.isPending}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
