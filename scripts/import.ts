// npm run import -- wordpress FILE.xml [--dry-run] [--map slug=land,…,*=analysis] [--media-dir DIR] [--sticky-as-breaking]
// npm run import -- export FILE.json
// Runs against the database the environment names (DATABASE_URL, or DATA_DIR's embedded one), migrating it first.
import "reflect-metadata";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { parseConfig } from "../src/config.js";
import { createDataSource } from "../src/dataSource.js";
import { DomainError } from "../src/lib/errors.js";
import { createLogger } from "../src/lib/logger.js";
import { importOptionsSchema, parseMapArgument, type ImportReport } from "../src/schemas/imports.js";
import { createServices } from "../src/services/index.js";
import { MediaCopier } from "../src/services/wordpress/media.js";
import { restoreExport } from "../src/services/export/restore.js";

const USAGE = `Usage:
  npm run import -- wordpress FILE.xml [--dry-run] [--map slug=land,other=sea,*=analysis] [--media-dir DIR] [--sticky-as-breaking]
  npm run import -- export FILE.json`;

function printReport(report: ImportReport, dryRun: boolean) {
  const c = report.counts;
  const line = (label: string, k: ImportReport["counts"]["posts"]) =>
    `${label.padEnd(10)} ${String(k.inFile).padStart(6)} in file  ${String(k.created).padStart(6)} ${dryRun ? "to create" : "created"}  ${String(k.updated).padStart(6)} ${dryRun ? "to update" : "updated"}  ${String(k.unchanged).padStart(6)} unchanged  ${String(k.skipped).padStart(6)} skipped`;
  const out = [
    dryRun ? "Dry run: nothing was written. This is what the import would do:" : "Imported:",
    line("posts", c.posts),
    line("pages", c.pages),
    line("comments", c.comments),
    line("redirects", c.redirects),
    ...(c.media.inFile || c.media.created ? [line("images", c.media)] : []),
    `also in the file: ${c.attachments} attachments, ${c.categories} categories, ${c.tags} tags, ${c.authors} authors, ${c.otherItems} other items (menus and the like, not imported)`,
  ];
  if (report.keptHtml.length) out.push("", `Kept as HTML in ${report.keptHtml.length} article(s):`, ...report.keptHtml.map((k) => `  /article/${k.slug}: ${k.elements.join(", ")}`));
  if (report.problems.length) out.push("", `Notes (${report.problems.length}):`, ...report.problems.map((p) => `  ${p.item}: ${p.message}`));
  process.stdout.write(out.join("\n") + "\n");
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, map: { type: "string" }, "media-dir": { type: "string" }, "sticky-as-breaking": { type: "boolean" }, help: { type: "boolean" } },
  });
  const [kind, file] = positionals;
  if (values.help || !file || !["wordpress", "export"].includes(kind)) throw new UsageError(USAGE);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`${file}: no such file`);
  const mediaDir = values["media-dir"];
  if (mediaDir && !fs.statSync(mediaDir, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--media-dir ${mediaDir}: no such folder`);
  const mapped = values.map ? parseMapArgument(values.map) : { map: {} };
  const options = importOptionsSchema.parse({ map: mapped.map, defaultCategory: mapped.defaultCategory, stickyAsBreaking: Boolean(values["sticky-as-breaking"]), dryRun: Boolean(values["dry-run"]) });

  const config = parseConfig();
  const ds = createDataSource(config);
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: "each" });
    const services = createServices(ds, config, createLogger({ level: "warn" }, process.stderr));
    try {
      if (kind === "export") {
        const restored = await restoreExport(services, fs.readFileSync(file, "utf8"));
        process.stdout.write(`Restored: ${Object.entries(restored).map(([k, n]) => `${n} ${k}`).join(", ")}\n`);
        return;
      }
      const media = mediaDir ? new MediaCopier(mediaDir, services.images, services.imports, options.dryRun) : null;
      const report = await services.wordpress.run({ read: () => fs.createReadStream(file) }, options, { media });
      printReport(report, options.dryRun);
    } finally {
      await services.close();
    }
  } finally {
    await ds.destroy();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  // Bad input is a message, never a stack trace.
  const expected = error instanceof DomainError || error instanceof UsageError || (error instanceof Error && error.message.startsWith("--map"));
  process.stderr.write(`${expected ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = expected ? 2 : 1;
});
