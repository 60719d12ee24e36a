// A cached page while a flood of uncached searches renders (issue 27, "article page p99 while search is flooded"): on
// SQLite every statement answers synchronously, so the flood is one long stretch of CPU work, cut only where a render
// takes its turn (src/lib/turns.ts). A cached hit must be read and answered between two such turns, not after a whole
// batch of renders. Asserted in the order of the answers, not in milliseconds.
import http from "node:http";
import { RENDER_CONCURRENCY } from "../../../src/cache/pageCache.js";
import { createArticle } from "../../helpers/factories.js";
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp();
const FLOOD = 4 * RENDER_CONCURRENCY;
// Connections opened before the flood and kept, as a load generator or a proxy keeps them: a new connection is
// accepted in a turn of the event loop of its own, which would measure that instead.
const floodAgent = new http.Agent({ keepAlive: true, maxSockets: FLOOD });
const readerAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => (floodAgent.destroy(), readerAgent.destroy()));

function get(path: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(t.baseUrl + path, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

test("a cached article asked for during a flood of uncached searches is answered before most of them, not after a batch", async () => {
  for (let i = 0; i < 150; i++) await createArticle(t.services, { title: `Harbour report ${i}`, excerpt: `Tides and harbour news ${i}.`, content: "The harbour saw ships and tides. ".repeat(40) + `Report ${i}.` });
  const article = await createArticle(t.services, { title: "The cached one" });
  const path = `/api/articles/slug/${article.slug}`;
  expect(await get(path, readerAgent)).toBe(200); // cached from now on, on a kept connection
  await Promise.all(Array.from({ length: FLOOD }, () => get(path, floodAgent)));

  const order: string[] = [];
  let articleAnswered: Promise<void> | undefined;
  // Distinct URLs: every search is a miss, rendered RENDER_CONCURRENCY at a time.
  const flood = Array.from({ length: FLOOD }, (_, i) =>
    get(`/api/search?q=${["harbour", "tides ships", "harbour news", "report"][i % 4]}&page=${1 + Math.floor(i / 4)}`, floodAgent).then((status) => {
      order.push(`search ${status}`);
      // Asked for once the flood is rendering (its first answer is in): it arrives between two chunks of the flood's work.
      articleAnswered ??= get(path, readerAgent).then((status) => void order.push(`article ${status}`));
    }),
  );
  await Promise.all(flood);
  await articleAnswered;
  expect(order.filter((o) => o.startsWith("search"))).toEqual(Array(FLOOD).fill("search 200"));
  // Searches answered besides the first before the article was. Turn by turn: 2–3 (the answers already on their way
  // when the article was asked for count too). With the chunks of RENDER_CONCURRENCY renders run back to back in one
  // turn of the event loop (setImmediate yields): 10, the article read only after a whole batch.
  expect(order.indexOf("article 200") - 1).toBeLessThan(RENDER_CONCURRENCY);
});
