// What a restore refuses (a truncated, corrupted or tampered archive; entries that are not a backup's; a schema
// newer than the code) with a clear message and nothing changed; an older archive migrated forward; a backup
// taken while transactions write stays consistent; and the npm scripts' wiring.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as tar from "tar";
import { createTransactionRunner, managerOf } from "../../../src/repositories/transaction.js";
import { Article } from "../../../src/entities/Article.js";
import { Setting } from "../../../src/entities/Setting.js";
import { migrations } from "../../../src/migrations/index.js";
import { createBackup } from "../../../src/services/backup/backup.js";
import { BackupArchiveError, RestoreRefusedError, type Manifest } from "../../../src/services/backup/manifest.js";
import { restoreBackup } from "../../../src/services/backup/restore.js";
import { entityRows, mediaFiles, openDataSource, populate, targetConfig, withDataSource } from "../../helpers/backupCompare.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ds-archives-"));
let t: TestApp;
let good: string;

beforeAll(async () => {
  t = await createTestApp({ DATABASE_URL: "" });
  await populate(t);
  good = path.join(tmp, "good.tar.gz");
  await createBackup(t.config, good);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Unpacks the good archive, lets `change` edit the files, packs it again. */
async function repacked(name: string, change: (dir: string) => void) {
  const dir = fs.mkdtempSync(path.join(tmp, "x-"));
  await tar.extract({ file: good, cwd: dir });
  change(dir);
  const file = path.join(tmp, name);
  await tar.create({ gzip: true, file, cwd: dir }, fs.readdirSync(dir));
  return file;
}
const editManifest = (dir: string, edit: (m: Manifest) => void) => {
  const m = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  edit(m);
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(m));
};

describe("a broken or foreign archive is refused with a clear message and changes nothing", () => {
  const cases: [string, () => Promise<string>, RegExp][] = [
    ["truncated", async () => {
      const file = path.join(tmp, "truncated.tar.gz");
      fs.writeFileSync(file, fs.readFileSync(good).subarray(0, Math.floor(fs.statSync(good).size * 0.6)));
      return file;
    }, /is not a complete backup archive: .*(unexpected end|TAR_BAD_ARCHIVE|truncated|end of file)/i],
    ["one byte changed", async () => {
      const bytes = fs.readFileSync(good);
      bytes[Math.floor(bytes.length / 2)] ^= 0xff;
      const file = path.join(tmp, "flipped.tar.gz");
      fs.writeFileSync(file, bytes);
      return file;
    }, /is not a complete backup archive: /],
    ["not an archive", async () => {
      const file = path.join(tmp, "text.tar.gz");
      fs.writeFileSync(file, "hello");
      return file;
    }, /is not a complete backup archive: /],
    ["a row edited after the backup", () => repacked("tampered.tar.gz", (dir) => {
      const table = path.join(dir, "db", "article.jsonl");
      fs.writeFileSync(table, fs.readFileSync(table, "utf8").replace("Zürich", "Zurich"));
    }), /db\/article\.jsonl does not match its checksum/],
    ["a media file replaced", () => repacked("media.tar.gz", (dir) => {
      const [first] = fs.readdirSync(path.join(dir, "media"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      fs.writeFileSync(path.join(first.parentPath, first.name), "not the image");
    }), /media\/.* does not match its checksum/],
    ["a table file missing", () => repacked("missing.tar.gz", (dir) => fs.rmSync(path.join(dir, "db", "comment.jsonl"))), /db\/comment\.jsonl is missing/],
    ["a symbolic link among the media", () => repacked("link.tar.gz", (dir) => fs.symlinkSync("/etc/passwd", path.join(dir, "media", "passwd"))), /unexpected entry \(media\/passwd\)/],
    ["a file outside the backup's folders", () => repacked("extra.tar.gz", (dir) => fs.writeFileSync(path.join(dir, "run.sh"), "echo hi")), /unexpected entry \(run\.sh\)/],
    ["a manifest that is not ours", () => repacked("manifest.tar.gz", (dir) => editManifest(dir, (m) => Object.assign(m, { format: "other" }))), /manifest\.json is not a backup manifest \(format: /],
  ];

  test.each(cases)("%s", async (_name, make, message) => {
    const file = await make();
    const empty = targetConfig();
    const error = await restoreBackup(empty, file).catch((e: Error) => e);
    expect(error).toBeInstanceOf(BackupArchiveError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/Nothing was changed\.$/);
    expect(fs.readdirSync(empty.dataDir)).toEqual([]);

    // Even with --force, a populated target keeps every row and file.
    const populated = targetConfig();
    await restoreBackup(populated, good);
    const before = await withDataSource(populated, entityRows);
    const media = mediaFiles(populated.mediaDir);
    await expect(restoreBackup(populated, file, { force: true })).rejects.toThrow(message);
    expect(await withDataSource(populated, entityRows)).toEqual(before);
    expect(mediaFiles(populated.mediaDir)).toEqual(media);
  });
});

test("an archive from a newer schema is refused: this code cannot build it", async () => {
  const file = await repacked("newer.tar.gz", (dir) => editManifest(dir, (m) => {
    m.migrations.push("FutureThing1999999999999");
    m.schemaVersion = "FutureThing1999999999999";
  }));
  const empty = targetConfig();
  await expect(restoreBackup(empty, file)).rejects.toThrow(RestoreRefusedError);
  await expect(restoreBackup(empty, file)).rejects.toThrow(/schema \(FutureThing1999999999999\) is not one this version of the app knows .*Nothing was changed\./);
  expect(fs.readdirSync(empty.dataDir)).toEqual([]);
});

test("an archive from an older schema is restored at its version, then migrated forward", async () => {
  const old = targetConfig();
  const ds = (await import("../../../src/dataSource.js")).createDataSource(old);
  ds.setOptions({ migrations: migrations.slice(0, -1) });
  await ds.initialize();
  await ds.runMigrations();
  await ds.query(
    "INSERT INTO article (slug, title, excerpt, content, contentHtml, headings, author, category, contentTier, status, publishedAt) VALUES ('old-one', 'Hypersonic glide vehicle tested', 'e', 'c', '<p>c</p>', '[]', 'A', 'air', 'news_brief', 'published', '2025-01-02 03:04:05.678')",
  );
  await ds.destroy();
  const file = path.join(tmp, "old.tar.gz");
  const { manifest } = await createBackup(old, file);
  expect(manifest.schemaVersion).toBe(new migrations[migrations.length - 2]().name);

  const target = targetConfig();
  const { migratedForward } = await restoreBackup(target, file);
  expect(migratedForward).toEqual([new migrations[migrations.length - 1]().name]);
  await withDataSource(target, async (restored) => {
    expect(await restored.showMigrations()).toBe(false);
    const article = await restored.getRepository(Article).findOneByOrFail({ slug: "old-one" });
    expect(article.publishedAt!.toISOString()).toBe("2025-01-02T03:04:05.678Z");
  });
});

test(`a backup taken while transactions write holds each of them whole or not at all (${process.env.DATABASE_URL ? "MySQL/MariaDB" : "SQLite"})`, async () => {
  const busy = await createTestApp();
  try {
    await writeWhileBackingUp(busy);
  } finally {
    await busy.close();
  }
});

async function writeWhileBackingUp(t: TestApp) {
  const transaction = createTransactionRunner(t.ds);
  // Enough rows that the dump yields to the writers between slices.
  for (let i = 0; i < 3000; i += 200) {
    const rows = Array.from({ length: 200 }, (_, j) => ({ key: `bulk.${i + j}`, value: "x".repeat(200) }));
    await t.ds.createQueryBuilder().insert().into(Setting).values(rows).updateEntity(false).execute();
  }
  let written = 0;
  let stop = false;
  const writer = (async () => {
    while (!stop) {
      const n = written + 1;
      await transaction(async (tx) => {
        const m = managerOf(t.ds, tx);
        await m.insert(Article, { slug: `concurrent-${n}`, title: `Concurrent ${n}`, excerpt: "", content: "x", contentHtml: "<p>x</p>", headings: "[]", author: "A", category: "land", contentTier: "news_brief", status: "draft" });
        await m.insert(Setting, { key: `concurrent.${n}`, value: String(n) });
      });
      written = n;
      // better-sqlite3 answers within microtasks: give the backup's turns of the event loop their chance.
      await new Promise((r) => setImmediate(r));
    }
  })();
  while (written < 5) await new Promise((r) => setTimeout(r, 5));
  const before = written;
  const file = path.join(tmp, "busy.tar.gz");
  await createBackup(t.config, file);
  const after = written;
  stop = true;
  await writer;
  expect(after).toBeGreaterThan(before);

  const target = targetConfig();
  await restoreBackup(target, file);
  const ds = await openDataSource(target);
  try {
    const articles = (await ds.getRepository(Article).find({ select: { slug: true } })).map((a) => a.slug).filter((s) => s.startsWith("concurrent-")).map((s) => Number(s.slice(11)));
    const settings = (await ds.getRepository(Setting).find({ select: { key: true } })).map((s) => s.key).filter((k) => k.startsWith("concurrent.")).map((k) => Number(k.slice(11)));
    expect(articles.sort((a, b) => a - b)).toEqual(settings.sort((a, b) => a - b));
    expect(articles.length).toBeGreaterThanOrEqual(before);
    expect(articles.length).toBeLessThanOrEqual(after + 1);
    // A prefix of the writes: nothing later without everything earlier.
    expect(articles).toEqual(Array.from({ length: articles.length }, (_, i) => i + 1));
  } finally {
    await ds.destroy();
  }
}

test("npm run backup and npm run restore: one line each, exit 1 with the reason when refused", async () => {
  const env = { ...process.env, NODE_OPTIONS: "", DATA_DIR: t.config.dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
  const out = path.join(tmp, "cli.tar.gz");
  const backup = await run("npm", ["run", "-s", "backup", "--", "--out", out], { env });
  const tables = t.ds.entityMetadatas.length;
  expect(backup.stdout).toMatch(new RegExp(`^Backup written: .*cli\\.tar\\.gz \\(\\d+\\.\\d\\d MB\\): ${tables} tables, \\d+ rows, \\d+ media files; sqlite database at schema \\w+, read through SQLite's online backup API\n$`));

  const refused = await run("npm", ["run", "-s", "restore", "--", out], { env }).catch((e: { code: number; stderr: string }) => e);
  expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Refusing to restore over existing data: .*Nothing was changed\.\n$/) });

  const fresh = targetConfig();
  const restored = await run("npm", ["run", "-s", "restore", "--", out], { env: { ...env, DATA_DIR: fresh.dataDir } });
  expect(restored.stdout).toMatch(new RegExp(`^Restored .*cli\\.tar\\.gz \\(made .* by \\d+\\.\\d+\\.\\d+ from a sqlite database\\) into the sqlite database: ${tables} tables`));
  expect(mediaFiles(fresh.mediaDir)).toEqual(mediaFiles(t.config.mediaDir));
}, 60_000);
