// The daily backup (BACKUP_DIR, BACKUP_KEEP): one instance makes it (a lease in the database), once a day, the newest
// BACKUP_KEEP archives are kept, and the administrator reads the last one's time and size (Settings screen).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BackupSchedule } from "../../../src/services/backup/schedule.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const DAY = 24 * 60 * 60_000;
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ds-daily-"));
  fs.writeFileSync(path.join(dir, "notes.txt"), "not an archive: never pruned");
  t = await createTestApp({ BACKUP_DIR: dir, BACKUP_KEEP: "2" });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const archives = () => fs.readdirSync(dir).filter((f) => f.endsWith(".tar.gz")).sort();

test("two instances due at once make one backup; the next is made a day later; the newest BACKUP_KEEP are kept", async () => {
  let now = Date.now();
  t.services.clock.now = () => new Date(now);
  const other = new BackupSchedule(t.services.repos.leases, t.config, t.services.clock, t.services.settings, "other-instance");
  const made = await Promise.all([t.services.backups.tick(), other.tick()]);
  expect(made.filter(Boolean)).toHaveLength(1);
  expect(archives()).toHaveLength(1);
  expect(await t.services.backups.tick()).toBeNull();

  const names: string[] = [];
  for (let day = 1; day <= 3; day++) {
    now += DAY;
    const last = await (day % 2 ? other : t.services.backups).tick();
    expect(last).not.toBeNull();
    names.push(path.basename(last!.file));
    expect(await other.tick()).toBeNull();
  }
  expect(archives()).toEqual(names.slice(-2));
  expect(fs.existsSync(path.join(dir, "notes.txt"))).toBe(true);
});

test("the administrator reads the last backup's time and size; nobody else does", async () => {
  expect((await t.api("GET", "/api/admin/settings/backup")).status).toBe(401);
  const res = await t.api("GET", "/api/admin/settings/backup", { cookie: await t.login() });
  expect(res.status).toBe(200);
  const newest = path.join(dir, archives().at(-1)!);
  expect(res.body).toEqual({ scheduled: true, keep: 2, last: { at: expect.any(String), bytes: fs.statSync(newest).size, file: newest } });
});

test("without BACKUP_DIR nothing is scheduled and nothing is made", async () => {
  const plain = await createTestApp();
  try {
    expect(await plain.services.backups.tick()).toBeNull();
    expect(await plain.services.backups.status()).toEqual({ scheduled: false, keep: 7, last: null });
  } finally {
    await plain.close();
  }
});
