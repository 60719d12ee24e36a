// Issue 13: image uploads: each accepted format in, every width out as AVIF, WebP and the original format plus a
// social card, metadata stripped, bad files refused with nothing stored, admin-only, delete refused while used.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { parseMediaUrl, socialCardSize } from "../../../src/schemas/media.js";
import { articleHead } from "../../../web/head.js";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";
import { countRows, expectNoStack } from "../../helpers/dbSnapshot.js";

const t = useTestApp({ SITE_URL: "https://news.example.com" }, { signIn: true });

const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="orange"/></svg>`) },
  ]);
const SECRET = "Secret Base Alpha";

async function upload(body: Buffer | string, type: string | undefined, options: { cookie?: string | null; name?: string } = {}) {
  const headers: Record<string, string> = {};
  if (type) headers["content-type"] = type;
  const c = options.cookie === undefined ? t.cookie : options.cookie;
  if (c) headers.cookie = c;
  if (options.name) headers["x-file-name"] = encodeURIComponent(options.name);
  const res = await fetch(`${t.baseUrl}/api/admin/images`, { method: "POST", headers, body: typeof body === "string" ? body : new Uint8Array(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}
const mediaFiles = () => (fs.existsSync(t.config.mediaDir) ? fs.readdirSync(t.config.mediaDir, { recursive: true }).map(String) : []);
const fetchMedia = async (url: string) => {
  const res = await fetch(t.baseUrl + url);
  return { res, buf: Buffer.from(await res.arrayBuffer()) };
};

const FORMATS: Array<[string, string, () => Promise<Buffer>, number, number]> = [
  ["jpg", "image/jpeg", () => noise(2400, 1600).withExif({ IFD0: { Copyright: SECRET, ImageDescription: SECRET }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } }).jpeg().toBuffer(), 2400, 1600],
  ["png", "image/png", () => noise(1000, 500).png().toBuffer(), 1000, 500],
  ["webp", "image/webp", () => noise(700, 700).webp().toBuffer(), 700, 700],
  ["avif", "image/avif", () => noise(1300, 650).avif().toBuffer(), 1300, 650],
  ["gif", "image/gif", () => noise(200, 100).gif().toBuffer(), 200, 100],
];

test.each(FORMATS)("a %s upload is written at every width (never upscaled) as AVIF, WebP and its own format, with a social card", async (ext, type, make, width, height) => {
  const input = await make();
  const res = await upload(input, type, { name: `photo.${ext}` });
  expect(res.status).toBe(201);
  const expectedWidths = [320, 640, 960, 1280, 1920].filter((w) => w <= width);
  const widths = expectedWidths.length ? expectedWidths : [width];
  expect(res.body).toMatchObject({ format: ext, width, height, widths, name: `photo.${ext}`, uploadBytes: input.length });
  expect(res.body.url).toBe(`/media/${res.body.id}/${widths.at(-1)}.${ext}`);
  expect(parseMediaUrl(res.body.url)).toMatchObject({ id: res.body.id, width, height, ext, widths });
  const formats = [...new Set(["avif", "webp", ext])];
  expect(Object.keys(res.body.sources).sort()).toEqual(formats.sort());
  for (const format of formats) {
    expect(res.body.sources[format]).toEqual(widths.map((w) => `/media/${res.body.id}/${w}.${format}`));
    for (const url of res.body.sources[format]) {
      const { res: file, buf } = await fetchMedia(url);
      expect([url, file.status]).toEqual([url, 200]);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(buf).metadata();
      const w = Number(url.split("/").pop()!.split(".")[0]);
      expect([url, meta.width, meta.height]).toEqual([url, w, Math.round((height * w) / width)]);
      expect(meta.format === "heif" ? "avif" : meta.format === "jpeg" ? "jpg" : meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(buf.includes(SECRET)).toBe(false);
    }
  }
  const card = await fetchMedia(res.body.socialUrl);
  const cardMeta = await sharp(card.buf).metadata();
  // 1200×630, or smaller where that would enlarge the image more than twice (the 200×100 GIF: 400×200)
  const card2 = socialCardSize(width, height);
  expect(card2).toEqual(width >= 600 && height >= 315 ? { width: 1200, height: 630 } : { width: Math.min(1200, width * 2), height: Math.min(630, height * 2) });
  expect([cardMeta.format, cardMeta.width, cardMeta.height, cardMeta.exif]).toEqual(["jpeg", card2.width, card2.height, undefined]);
  const stored = fs.readdirSync(path.join(t.config.mediaDir, res.body.id));
  expect(stored.sort()).toEqual([...formats.flatMap((f) => widths.map((w) => `${w}.${f}`)), "social.jpg"].sort());
  const total = stored.reduce((n, f) => n + fs.statSync(path.join(t.config.mediaDir, res.body.id, f)).size, 0);
  expect(res.body.bytes).toBe(total);
});

test("the JPEG fixture really carried EXIF (copyright, description) and GPS data before the upload stripped it", async () => {
  const input = await FORMATS[0][2]();
  const meta = await sharp(input).metadata();
  expect(meta.exif && meta.exif.includes(SECRET)).toBe(true);
  // the GPS IFD pointer (tag 0x8825), in either byte order
  expect(meta.exif!.includes(Buffer.from([0x88, 0x25])) || meta.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
});

test("bad files, wrong types and oversize bodies are refused with a message and store nothing", async () => {
  const before = { rows: await countRows(t.ds), files: mediaFiles() };
  const cases: Array<[string, Buffer | string, string | undefined, number]> = [
    ["text sent as an image", "definitely not an image", "image/png", 400],
    ["a truncated JPEG", (await noise(800, 600).jpeg().toBuffer()).subarray(0, 600), "image/jpeg", 400],
    ["an SVG", `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`, "image/svg+xml", 415],
    ["a TIFF", await noise(100, 100).tiff().toBuffer(), "image/tiff", 415],
    ["a PNG sent as text/plain", await noise(100, 100).png().toBuffer(), "text/plain", 415],
    ["a PNG sent as a form", await noise(100, 100).png().toBuffer(), "application/x-www-form-urlencoded", 415],
    ["a PNG sent as JSON", await noise(100, 100).png().toBuffer(), "application/json", 415],
    ["no body", "", "image/png", 400],
    ["over 10 MB", Buffer.alloc(10 * 1024 * 1024 + 1, 1), "image/png", 413],
  ];
  for (const [name, body, type, status] of cases) {
    const res = await upload(body, type);
    expect([name, res.status]).toEqual([name, status]);
    expect([name, typeof res.body?.message]).toEqual([name, "string"]);
    expectNoStack(res.text);
  }
  expect(await countRows(t.ds)).toEqual(before.rows);
  expect(mediaFiles()).toEqual(before.files);
});

test("uploading, listing and deleting are admin-only on every door; nothing is stored or deleted without a session", async () => {
  const png = await noise(400, 300).png().toBuffer();
  const kept = (await upload(png, "image/png")).body;
  const before = { rows: await countRows(t.ds), files: mediaFiles() };
  for (const c of [null, "ds_session=forged"]) {
    const res = await upload(png, "image/png", { cookie: c });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Authentication required");
    // without a session even a form-typed body is refused as unauthenticated, before anything is read
    expect((await upload("a=b", "application/x-www-form-urlencoded", { cookie: c })).status).toBe(401);
    expect((await t.api("GET", "/api/admin/images", { cookie: c ?? undefined })).status).toBe(401);
    expect((await t.api("DELETE", `/api/admin/images/${kept.id}`, { cookie: c ?? undefined })).status).toBe(401);
    expect((await t.api("GET", "/api/trpc/images.list", { cookie: c ?? undefined })).status).toBe(401);
    expect((await t.api("POST", "/api/trpc/images.delete", { cookie: c ?? undefined, body: { id: kept.id } })).status).toBe(401);
  }
  const anonymous = await t.caller();
  await expect(anonymous.images.delete({ id: kept.id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  expect(await countRows(t.ds)).toEqual(before.rows);
  expect(mediaFiles()).toEqual(before.files);
});

test("the library lists where each image is used and refuses to delete a used one", async () => {
  const img = (await upload(await noise(1400, 700).jpeg().toBuffer(), "image/jpeg", { name: "carrier.jpg" })).body;
  const article = await createArticle(t.services, { title: "Carrier with picture", imageUrl: img.url, imageAlt: "A carrier" });
  const list = (await t.api("GET", "/api/admin/images?limit=100", { cookie: t.cookie })).body;
  const item = list.items.find((i: any) => i.id === img.id);
  expect(item).toMatchObject({ name: "carrier.jpg", width: 1400, height: 700, usedBy: [{ id: article.id, title: "Carrier with picture" }] });
  expect(list.total).toBeGreaterThanOrEqual(1);

  const refused = await t.api("DELETE", `/api/admin/images/${img.id}`, { cookie: t.cookie });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain("Carrier with picture");
  expect((await fetchMedia(img.url)).res.status).toBe(200);

  await t.api("PUT", `/api/articles/${article.id}`, { cookie: t.cookie, body: { imageUrl: null, imageAlt: null } });
  expect((await t.api("DELETE", `/api/admin/images/${img.id}`, { cookie: t.cookie })).status).toBe(200);
  expect(fs.existsSync(path.join(t.config.mediaDir, img.id))).toBe(false);
  expect((await fetchMedia(img.url)).res.status).toBe(404);
  expect((await t.api("DELETE", `/api/admin/images/${img.id}`, { cookie: t.cookie })).status).toBe(404);
});

test("alt text is required when an image is set, on create and on update; external image URLs keep working", async () => {
  const before = await countRows(t.ds);
  const noAlt = await t.api("POST", "/api/articles", { cookie: t.cookie, body: { title: "No alt", content: "Body", imageUrl: "https://images.example.com/a.jpg" } });
  expect(noAlt.status).toBe(400);
  expect(noAlt.body.message).toMatch(/alt text/i);
  expect(await countRows(t.ds)).toEqual(before);
  const external = await t.api("POST", "/api/articles", { cookie: t.cookie, body: { title: "External", content: "Body", imageUrl: "https://images.example.com/a.jpg", imageAlt: "A tank" } });
  expect(external.status).toBe(201);
  expect(external.body.imageUrl).toBe("https://images.example.com/a.jpg");
  const cleared = await t.api("PUT", `/api/articles/${external.body.id}`, { cookie: t.cookie, body: { imageAlt: "" } });
  expect(cleared.status).toBe(400);
  expect((await t.api("GET", `/api/articles/${external.body.id}?admin=true`, { cookie: t.cookie })).body.imageAlt).toBe("A tank");
});

test("og:image of an article with an uploaded image is its social card; an external image stays as it is", async () => {
  const img = (await upload(await noise(1000, 600).png().toBuffer(), "image/png")).body;
  const article = await createArticle(t.services, { imageUrl: img.url, imageAlt: "Alt" });
  const site = { siteName: "S", siteUrl: "https://news.example.com", timeZone: "UTC", stockSymbols: [] };
  expect(articleHead(article, site).image).toBe(`https://news.example.com/media/${img.id}/social.jpg`);
  const external = await createArticle(t.services, { imageUrl: "https://images.example.com/x.jpg", imageAlt: "Alt" });
  expect(articleHead(external, site).image).toBe("https://images.example.com/x.jpg");
});

test("the upload is in the OpenAPI document next to the library's procedures", async () => {
  const doc = (await t.api("GET", "/api/openapi.json")).body;
  expect(doc.paths["/admin/images"].post.requestBody.content).toHaveProperty(["image/*"]);
  expect(doc.paths["/admin/images"].get.summary).toMatch(/Uploaded images/);
});
