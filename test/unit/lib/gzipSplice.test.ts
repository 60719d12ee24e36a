// spliceGzip: kept parts compressed once and this answer's strings join into one gzip member that any decoder reads
// as the plain body (zlib here; the browser suites read the search page, built this way, in Chromium).
import zlib from "node:zlib";
import { packPart, spliceGzip } from "../../../src/lib/gzipSplice.js";
import { splicedAnswer } from "../../../src/http/answer.js";
import { strongEtag } from "../../../src/http/conditional.js";

test("kept and fresh parts, in any order and repeated, decode to their concatenation", () => {
  const style = packPart(`<style>${".card{margin:0 auto;padding:1rem}".repeat(400)}</style>`);
  const frame = packPart(`<header>Défense — ${"<nav><a href='/x'>Sea</a></nav>".repeat(50)}</header>`);
  const parts = [style, "<title>Search: “drone” $& $`</title>", frame, "", "<main>🚀", "<mark>drone</mark></main>", frame, "]}</script>"];
  const { plain, gzip } = spliceGzip(parts);
  const body = Buffer.concat(plain);
  const expected = parts.map((p) => (typeof p === "string" ? p : p.plain.toString())).join("");
  expect(body.toString()).toBe(expected);
  expect(zlib.gunzipSync(gzip).toString()).toBe(expected);
  // One member, one stream: a raw inflate of what follows the 10-byte header ends exactly before the 8-byte trailer.
  expect(zlib.inflateRawSync(gzip.subarray(10, -8)).toString()).toBe(expected);
  // The kept parts are sent as they were compressed, not compressed again.
  expect(gzip.includes(frame.deflated)).toBe(true);
  expect(gzip.length).toBeLessThan(body.length / 4);
});

test("a body of fresh strings alone, and an empty one, are whole gzip bodies", () => {
  expect(zlib.gunzipSync(spliceGzip(["plain", " text"]).gzip).toString()).toBe("plain text");
  const empty = spliceGzip([]);
  expect(empty.plain).toEqual([]);
  expect(zlib.gunzipSync(empty.gzip).length).toBe(0);
});

test("a spliced answer's ETag is its whole body's, and its plain body is joined only when read", () => {
  const spliced = spliceGzip([packPart("<head>kept</head>"), "<main>“fresh”</main>", packPart("<footer>kept</footer>")]);
  const whole = Buffer.concat(spliced.plain);
  expect(strongEtag(...spliced.plain)).toBe(strongEtag(whole));
  expect(strongEtag("<main>", "“fresh”")).toBe(strongEtag("<main>“fresh”"));
  const answer = splicedAnswer(200, { "content-type": "text/html; charset=utf-8" }, spliced);
  expect(answer.etag).toBe(strongEtag(whole));
  expect(answer.gzip).toBe(spliced.gzip);
  expect(typeof Object.getOwnPropertyDescriptor(answer, "body")?.get).toBe("function");
  expect(answer.body.equals(whole)).toBe(true);
  // Read twice, joined once.
  expect(answer.body).toBe(answer.body);
});
