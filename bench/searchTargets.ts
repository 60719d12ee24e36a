// The search targets of issue 27 (README "Benchmark"), per column: what each row asks of the figures the bench measured.
export type Column = "SQLite 100k" | "MariaDB 100k" | "SQLite 1M";
type Figures = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

const LIMITS: Record<Column, { page: [number, number]; throughput: number; suggestions: number; kinds: number }> = {
  "SQLite 100k": { page: [10, 30], throughput: 150, suggestions: 20, kinds: 60 },
  "MariaDB 100k": { page: [20, 60], throughput: 100, suggestions: 30, kinds: 100 },
  "SQLite 1M": { page: [20, 100], throughput: 80, suggestions: 30, kinds: 150 },
};
export const SEARCH_KINDS = ["common word", "common phrase", "rare word", "prefix"];

export interface TargetRow {
  label: string;
  value: string;
  /** undefined: not measured in this run. */
  met?: boolean;
}

const ms = (n: number) => (n === Infinity ? "none answered" : `${Math.round(n)} ms`);
const clean = (t: Figures) => t.non2xx === 0 && t.errors === 0;
const notes = (t: Figures) => (clean(t) ? "" : ` (${t.non2xx} non-2xx, ${t.errors} errors or timeouts)`);

export function searchTargetRows(column: Column, byTarget: Map<string, Figures>): TargetRow[] {
  const limit = LIMITS[column];
  const row = (label: string, name: string, check: (t: Figures) => { met: boolean; value: string }): TargetRow => {
    const t = byTarget.get(name);
    if (!t) return { label, value: "not measured (no such target in this build)" };
    const { met, value } = check(t);
    return { label, value: value + notes(t), met: met && clean(t) };
  };
  const alone = byTarget.get("article page, 8 connections");
  const [floorAlone, floorFlooded] = [byTarget.get("ceiling, 8 connections"), byTarget.get("ceiling, 8 connections, search flooded")];
  const floor = floorAlone && floorFlooded ? `; the res.json ceiling beside the same flood: ${ms(floorFlooded.p99)} flooded, ${ms(floorAlone.p99)} alone` : "";
  return [
    row(`search page, 1 connection, varied uncached queries: p50 ≤ ${limit.page[0]} / p99 ≤ ${limit.page[1]} ms`, "search page, 1 connection", (t) => ({
      met: t.p50 <= limit.page[0] && t.p99 <= limit.page[1],
      value: `${ms(t.p50)} / ${ms(t.p99)}`,
    })),
    row(`search page, 32 connections: ≥ ${limit.throughput} req/s`, "search page", (t) => ({ met: t.requestsPerSecond >= limit.throughput, value: `${t.requestsPerSecond.toFixed(1)} req/s` })),
    // The trivial Express server's own p99 at the same connections, same round: what queueing alone costs on this machine.
    row(`suggestions endpoint, 32 connections: p99 ≤ ${limit.suggestions} ms`, "suggestions", (t) => {
      const ceiling = byTarget.get("ceiling");
      return { met: t.p99 <= limit.suggestions, value: ms(t.p99) + (ceiling ? ` (the res.json ceiling's own p99: ${ms(ceiling.p99)})` : "") };
    }),
    row("article page p99 while search is flooded: within 2× its p99 alone (8 connections each)", "article page, 8 connections, search flooded", (t) => ({
      met: alone !== undefined && t.p99 <= 2 * Math.max(alone.p99, 1),
      value: `${ms(t.p99)} flooded, ${alone ? ms(alone.p99) : "?"} alone${floor}`,
    })),
    ...SEARCH_KINDS.map((kind) =>
      row(`${kind}, 1 connection: p99 ≤ ${limit.kinds} ms`, `search, ${kind}, 1 connection`, (t) => ({ met: t.p99 <= limit.kinds, value: `${ms(t.p99)} (p50 ${ms(t.p50)})` })),
    ),
  ];
}
