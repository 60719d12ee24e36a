import { useEffect, useState, type FormEvent } from "react";
import { CATEGORIES, categoryLabel, type Category } from "../../../src/schemas/constants.js";
import type { ImportJobDto } from "../../../src/schemas/imports.js";
import { trpc } from "../../trpc.js";
import { AdminLayout, useExpireOnUnauthorized } from "./AdminLayout.js";
import { RedirectsPanel } from "./RedirectsPanel.js";
import { useAdminScreen } from "./useAdminScreen.js";

/** /import: a WordPress export in (upload, mapping, progress, report), the site's own export out, and the redirect table. */
export default function ImportPage() {
  return (
    <AdminLayout title="Import & Export">
      <div className="admin-stack">
        <WordPressImport />
        <section className="admin-card" aria-labelledby="export-heading">
          <h2 id="export-heading">Export everything</h2>
          <p className="admin-muted">One JSON file (format version 1) with every article, comment, page, contact, subscriber with their consent, setting and redirect; no passwords or keys. Restore it into an empty site with <code>npm run import -- export FILE.json</code>.</p>
          <p className="admin-form-actions">
            <a className="admin-btn admin-btn-primary" href="/api/admin/export" download>Export</a>
            <a className="admin-btn" href="/api/admin/export?revisions=true" download>Export with revisions</a>
          </p>
        </section>
        <RedirectsPanel />
      </div>
    </AdminLayout>
  );
}

const FINISHED = ["done", "failed", "cancelled"];

function WordPressImport() {
  const { toast, format, utils } = useAdminScreen();
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const jobs = trpc.importAdmin.list.useQuery(undefined, { staleTime: 0 });
  useExpireOnUnauthorized(jobs.error);
  const current = jobId ?? jobs.data?.find((j) => !FINISHED.includes(j.status))?.id ?? null;
  const job = trpc.importAdmin.status.useQuery({ id: current ?? "" }, { enabled: current !== null, staleTime: 0, refetchInterval: (q) => (q.state.data && FINISHED.includes(q.state.data.status) ? false : 1000) });

  // A finished import changed the redirect table and the list of imports.
  const finishedStatus = job.data && FINISHED.includes(job.data.status) ? job.data.status : null;
  useEffect(() => {
    if (finishedStatus) void Promise.all([utils.importAdmin.redirects.invalidate(), utils.importAdmin.list.invalidate()]);
  }, [finishedStatus, utils]);

  async function upload(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setUploading(true);
    try {
      const res = await fetch("/api/admin/import?review=true", { method: "POST", body: file, credentials: "same-origin", headers: { "Content-Type": "application/xml" } });
      const body = (await res.json()) as { id?: string; message?: string };
      if (!res.ok || !body.id) throw new Error(body.message ?? `The upload failed (${res.status})`);
      setJobId(body.id);
      setFile(null);
    } catch (err) {
      toast({ title: "Not imported", description: (err as Error).message, variant: "destructive" });
    } finally {
      setUploading(false);
    }
  }

  const shown = job.data;
  return (
    <section className="admin-card" aria-labelledby="import-heading">
      <h2 id="import-heading">Import from WordPress</h2>
      <ol className="import-steps" aria-label="Steps">
        <li className={!shown ? "is-current" : ""}>Upload</li>
        <li className={shown?.status === "ready" ? "is-current" : ""}>Map categories</li>
        <li className={shown && ["queued", "running"].includes(shown.status) ? "is-current" : ""}>Import</li>
        <li className={shown && FINISHED.includes(shown.status) ? "is-current" : ""}>Report</li>
      </ol>
      {shown && shown.status !== "ready" && <Progress job={shown} format={format} />}
      {(!shown || FINISHED.includes(shown.status)) && (
        <form className="admin-form" onSubmit={upload} aria-label="Upload a WordPress export">
          {shown && <h3>Import another file</h3>}
          <p className="admin-muted">In WordPress: Tools → Export → All content. The file (.xml) is checked as it uploads; nothing is written until you confirm the mapping. Posts already imported are updated, never duplicated.</p>
          <label className="admin-field">
            <span>WordPress export file</span>
            <input type="file" name="file" accept=".xml,application/xml,text/xml" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          <div className="admin-form-actions">
            <button type="submit" className="admin-btn admin-btn-primary" disabled={!file || uploading}>
              {uploading ? "Reading the file…" : "Upload"}
            </button>
          </div>
        </form>
      )}
      {shown?.status === "ready" && <MappingStep job={shown} onDone={() => void job.refetch()} />}
    </section>
  );
}

function MappingStep({ job, onDone }: { job: ImportJobDto; onDone: () => void }) {
  const { toast } = useAdminScreen();
  const start = trpc.importAdmin.start.useMutation();
  const cancel = trpc.importAdmin.cancel.useMutation();
  const [map, setMap] = useState<Record<string, Category | "">>(() => Object.fromEntries(job.analysis.categories.map((c) => [c.slug, c.suggested ?? ""])));
  const [defaultCategory, setDefault] = useState<Category>("analysis");
  const [stickyAsBreaking, setSticky] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  const c = job.analysis.counts;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const chosen = Object.fromEntries(Object.entries(map).filter(([, v]) => v)) as Record<string, Category>;
    try {
      await start.mutateAsync({ id: job.id, map: chosen, defaultCategory, stickyAsBreaking, dryRun });
      onDone();
    } catch (err) {
      toast({ title: "Not started", description: (err as Error).message, variant: "destructive" });
    }
  }

  return (
    <form className="admin-form" onSubmit={submit} aria-label="Map categories">
      <p>
        <strong>{job.analysis.site.title || "The site"}</strong> ({job.analysis.site.url}, WXR {job.analysis.site.wxrVersion}): {c.posts} posts, {c.pages} pages, {c.comments} comments, {c.categories} categories, {c.tags} tags, {c.authors} authors.
      </p>
      <p className="admin-muted">Each post goes to the category of its first mapped WordPress category (a sub-category follows its parent), else the default. Tags stay searchable.</p>
      <div className="admin-table-wrap import-mapping">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">WordPress category</th>
              <th scope="col">Posts</th>
              <th scope="col">Our category</th>
            </tr>
          </thead>
          <tbody>
            {job.analysis.categories.map((cat) => (
              <tr key={cat.slug}>
                <td>
                  {cat.name} <span className="admin-muted admin-code">{cat.parent ? `${cat.parent}/` : ""}{cat.slug}</span>
                </td>
                <td>{cat.posts}</td>
                <td>
                  <select aria-label={`Category for ${cat.name}`} value={map[cat.slug] ?? ""} onChange={(e) => setMap({ ...map, [cat.slug]: e.target.value as Category | "" })}>
                    <option value="">Default</option>
                    {CATEGORIES.map((ours) => (
                      <option key={ours} value={ours}>
                        {categoryLabel(ours)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-form-grid">
        <label className="admin-field">
          <span>Default category</span>
          <select value={defaultCategory} onChange={(e) => setDefault(e.target.value as Category)}>
            {CATEGORIES.map((ours) => (
              <option key={ours} value={ours}>
                {categoryLabel(ours)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={stickyAsBreaking} onChange={(e) => setSticky(e.target.checked)} /> Sticky posts become breaking news
        </label>
        <label className="admin-check">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} /> Dry run: report what would change, write nothing
        </label>
      </div>
      <div className="admin-form-actions">
        <button type="submit" className="admin-btn admin-btn-primary" disabled={start.isPending}>
          {dryRun ? "Start the dry run" : "Start the import"}
        </button>
        <button type="button" className="admin-btn" disabled={cancel.isPending} onClick={() => cancel.mutateAsync({ id: job.id }).then(onDone, (err: Error) => toast({ title: "Not cancelled", description: err.message, variant: "destructive" }))}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const KINDS = [["posts", "Posts"], ["pages", "Pages"], ["comments", "Comments"], ["redirects", "Old links (redirects)"], ["media", "Images"]] as const;

function Progress({ job, format }: { job: ImportJobDto; format: (iso: string) => string }) {
  const running = !FINISHED.includes(job.status);
  const percent = job.progress.total ? Math.round((100 * job.progress.done) / job.progress.total) : 0;
  const verb = job.dryRun ? "would be " : "";
  return (
    <div className="import-report" aria-live="polite">
      <p>
        <strong>{job.dryRun ? "Dry run" : "Import"}: {running ? `${job.status}…` : job.status}</strong>
        {job.finishedAt ? ` (${format(job.finishedAt)})` : ""}
        {job.dryRun && !running ? " — nothing was written." : ""}
      </p>
      {running && <progress max={100} value={percent} aria-label="Progress">{percent} %</progress>}
      {job.error && <p className="admin-error">{job.error}</p>}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">In the file</th>
              <th scope="col">{verb}created</th>
              <th scope="col">{verb}updated</th>
              <th scope="col">unchanged</th>
              <th scope="col">skipped</th>
            </tr>
          </thead>
          <tbody>
            {KINDS.filter(([kind]) => kind !== "media" || job.counts.media.inFile > 0).map(([kind, label]) => (
              <tr key={kind}>
                <td>
                  <strong>{label}</strong>
                </td>
                <td>{job.counts[kind].inFile}</td>
                <td>{job.counts[kind].created}</td>
                <td>{job.counts[kind].updated}</td>
                <td>{job.counts[kind].unchanged}</td>
                <td>{job.counts[kind].skipped}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {job.keptHtml.length > 0 && (
        <details>
          <summary>Kept as HTML in {job.keptHtml.length} article(s)</summary>
          <ul>
            {job.keptHtml.map((k) => (
              <li key={k.slug}>
                {job.dryRun ? k.title : <a href={`/article/${k.slug}`}>{k.title}</a>}: {k.elements.join(", ")}
              </li>
            ))}
          </ul>
        </details>
      )}
      {job.problems.length > 0 && (
        <details>
          <summary>{job.problems.length} note(s): what did not come over as it was</summary>
          <ul className="import-problems">
            {job.problems.map((p, i) => (
              <li key={i}>
                <strong>{p.item}</strong>: {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
