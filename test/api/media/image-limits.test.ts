// Issue 22, item 11: an image upload cannot hold the server. Hostile shapes (a 16×16383 strip, a tiny image that the
// social card would enlarge 75×, a very tall image) are refused or bounded; the work runs one job per core with a
// short line; an upload answers within its budget or is refused with 503 and Retry-After, storing nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { MAX_RENDITION_PIXELS, MAX_UPSCALE } from "../../../src/schemas/media.js";
import { IMAGE_BUDGET_MS, ImageJobQueue } from "../../../src/services/imageJobs.js";
import { useTestApp } from "../../helpers/testApp.js";
import { countRows, expectNoStack } from "../../helpers/dbSnapshot.js";

const t = useTestApp({}, { signIn: true });
afterEach(() => void (t.services.images.jobs = new ImageJobQueue()));

const flat = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 80, b: 120 } } }).png({ palette: true, compressionLevel: 9 }).toBuffer();
/** A picture that costs real work to encode (noise), of about the size a newsroom uploads. */
const heavy = (width = 2400, height = 1600) => sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 30 } } }).jpeg().toBuffer();

async function upload(body: Buffer) {
  const started = performance.now();
  const res = await fetch(`${t.baseUrl}/api/admin/images`, { method: "POST", headers: { cookie: t.cookie, "content-type": "image/png" }, body: new Uint8Array(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text), ms: performance.now() - started };
}
const mediaEntries = () => (fs.existsSync(t.config.mediaDir) ? fs.readdirSync(t.config.mediaDir).sort() : []);
async function settled() {
  for (let i = 0; i < 200 && t.services.images.jobs.active > 0; i++) await new Promise((r) => setTimeout(r, 50));
}

test("the 16×16383 strip (and its 16383×16 twin) is refused at once with a 400 that says why; nothing is stored", async () => {
  const before = { rows: await countRows(t.ds), files: mediaEntries() };
  for (const [w, h] of [[16, 16383], [16383, 16], [60, 601]]) {
    const png = await flat(w, h);
    const res = await upload(png);
    expect([w, h, res.status]).toEqual([w, h, 400]);
    expect(res.body.message).toBe(`The image is ${w}×${h} pixels: an image may be at most 10 times as long as it is wide. Crop it and upload it again.`);
    expect(res.ms).toBeLessThan(1000);
    expectNoStack(res.text);
  }
  expect(await countRows(t.ds)).toEqual(before.rows);
  expect(mediaEntries()).toEqual(before.files);
  // 1:10 itself is accepted
  expect((await upload(await flat(60, 600))).status).toBe(201);
});

test("nothing is enlarged more than twice: a 50×40 image gets a 100×80 card and one rendition of its own size", async () => {
  const res = await upload(await flat(50, 40));
  expect(res.status).toBe(201);
  expect(res.body.widths).toEqual([50]);
  const dir = path.join(t.config.mediaDir, res.body.id);
  for (const file of fs.readdirSync(dir)) {
    const meta = await sharp(path.join(dir, file)).metadata();
    expect([file, meta.width! <= 50 * MAX_UPSCALE, meta.height! <= 40 * MAX_UPSCALE]).toEqual([file, true, true]);
  }
  expect(await sharp(path.join(dir, "social.jpg")).metadata()).toMatchObject({ width: 100, height: 80 });
});

test("every output is bounded: a 1000×8000 image gets renditions of at most MAX_RENDITION_PIXELS and a 1200×630 card", async () => {
  t.services.images.jobs = new ImageJobQueue(undefined, undefined, 60_000); // the sizes are checked here, not the time
  const res = await upload(await flat(1000, 8000));
  expect(res.status).toBe(201);
  expect(res.body.widths).toEqual([320, 640, 960]);
  const dir = path.join(t.config.mediaDir, res.body.id);
  for (const file of fs.readdirSync(dir)) {
    const meta = await sharp(path.join(dir, file)).metadata();
    expect([file, meta.width! * meta.height! <= MAX_RENDITION_PIXELS]).toEqual([file, true]);
  }
  expect(await sharp(path.join(dir, "social.jpg")).metadata()).toMatchObject({ width: 1200, height: 630 });
});

test("at most one job per core runs at once, by default", async () => {
  expect(new ImageJobQueue().concurrency).toBe(os.availableParallelism());
  // the default line, with a long budget: a busy test machine must not turn this count into a timing test
  const queue = (t.services.images.jobs = new ImageJobQueue(undefined, undefined, 60_000));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, queue.active)), 2);
  const images = await Promise.all(Array.from({ length: queue.concurrency + 2 }, () => heavy(600, 400)));
  const results = await Promise.all(images.map((img) => upload(img)));
  clearInterval(sampler);
  expect(results.map((r) => r.status)).toEqual(images.map(() => 201));
  expect(peak).toBeGreaterThanOrEqual(1);
  expect(peak).toBeLessThanOrEqual(os.availableParallelism());
});

test("a full line is refused at once with 503 and Retry-After; the admitted uploads are stored, the refused ones leave nothing", async () => {
  t.services.images.jobs = new ImageJobQueue(1, 1, 30_000);
  const before = await countRows(t.ds);
  const images = await Promise.all(Array.from({ length: 5 }, () => heavy(1200, 800)));
  const results = await Promise.all(images.map((img) => upload(img)));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses).toEqual([201, 201, 503, 503, 503]);
  for (const r of results.filter((x) => x.status === 503)) {
    expect(r.headers.get("retry-after")).toBe("30");
    expect(r.body).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: "Too many images are being processed right now: try again in a few seconds." });
  }
  expect((await countRows(t.ds)).media_image).toBe(before.media_image + 2);
});

test(`an upload answers within its budget (${IMAGE_BUDGET_MS / 1000} s by default) or is refused with 503, and then stores nothing`, async () => {
  t.services.images.jobs = new ImageJobQueue(1, 2, 300);
  const before = { rows: await countRows(t.ds), files: mediaEntries() };
  const res = await upload(await heavy());
  expect(res.status).toBe(503);
  expect(res.ms).toBeLessThan(300 + 2500); // the budget, plus reading the body and its header on a busy machine
  expect(res.headers.get("retry-after")).toBe("1");
  expect(res.body.message).toBe("Processing the image took longer than 0.3 seconds: try again in a moment, or upload a smaller image.");
  // the work stops (sharp's own timeout, the checks between steps) and leaves no file and no row
  await settled();
  expect(t.services.images.jobs.active).toBe(0);
  expect(await countRows(t.ds)).toEqual(before.rows);
  expect(mediaEntries()).toEqual(before.files);
});
