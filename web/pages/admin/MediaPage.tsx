import { Link } from "react-router-dom";
import { useState } from "react";
import { ImageUpload, thumbnailUrl } from "../../components/admin/ImageUpload.js";
import { Pager } from "../../components/admin/Pager.js";
import { trpc } from "../../trpc.js";
import { useAdminScreen } from "./useAdminScreen.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";

const PAGE_SIZE = 50;
const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

/** /media-library: uploaded images with their size and where they are used; delete is refused while used. */
export function MediaPage() {
  return (
    <AdminLayout title="Media Library">
      <Library />
    </AdminLayout>
  );
}

function Library() {
  const { utils, toast, format, confirm, confirmDialog } = useAdminScreen();
  const [page, setPage] = useState(1);
  const list = trpc.images.list.useQuery({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, { staleTime: 0 });
  useExpireOnUnauthorized(list.error);
  const remove = trpc.images.delete.useMutation();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  async function del(id: string, label: string) {
    if (!(await confirm({ title: "Delete image", message: <>Are you sure you want to delete {label}? This action cannot be undone.</> }))) return;
    try {
      await remove.mutateAsync({ id });
      toast({ title: "Image Deleted", description: "The image and all its sizes were removed." });
    } catch (err) {
      toast({ title: "Delete Failed", description: (err as Error).message, variant: "destructive" });
    }
    void utils.images.list.invalidate();
  }

  return (
    <div className="admin-card">
      {confirmDialog}
      <ImageUpload imageUrl="" onUploaded={() => void utils.images.list.invalidate()} />
      {list.isPending ? (
        <p className="admin-loading">Loading images…</p>
      ) : list.isError ? (
        <p className="admin-error">Could not load the images: {list.error.message}</p>
      ) : list.data.items.length === 0 ? (
        <p className="admin-muted">No images uploaded yet. Upload one here or from the article editor.</p>
      ) : (
        <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Details</th>
              <th scope="col">Used by</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((img) => (
              <tr key={img.id}>
                <td>
                  <img src={thumbnailUrl(img.url)} alt="" className="admin-thumb" width={160} height={Math.round((img.height * 160) / img.width)} loading="lazy" />
                </td>
                <td>
                  <strong>{img.name ?? img.id}</strong>
                  <br />
                  <small>
                    {img.width}×{img.height} {img.format.toUpperCase()} · upload {kb(img.uploadBytes)} · stored {kb(img.bytes)} · {format(img.createdAt)}
                  </small>
                  <br />
                  <input readOnly value={img.url} aria-label="Image URL" onFocus={(e) => e.currentTarget.select()} />
                </td>
                <td>
                  {img.usedBy.length === 0
                    ? <span className="admin-muted">Not used</span>
                    : img.usedBy.map((a) => (
                        <div key={a.id}>
                          <Link to={`/editor/${a.id}`}>{a.title}</Link>
                        </div>
                      ))}
                </td>
                <td>
                  <button
                    type="button"
                    className="admin-btn admin-btn-danger"
                    disabled={remove.isPending || img.usedBy.length > 0}
                    title={img.usedBy.length ? "Used by an article: change the article first" : undefined}
                    onClick={() => del(img.id, img.name ?? img.id)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
      {pages > 1 && (
        <Pager page={page} total={list.data?.total} pageSize={PAGE_SIZE} onPage={setPage} className="admin-btn admin-btn-ghost" />
      )}
    </div>
  );
}
