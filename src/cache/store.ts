// Where rendered answers live: LRUs bounded in bytes in this process, or Redis shared by every instance.
// Validity is decided by tag sequence numbers: dropping a tag stamps it with a new sequence number, and an
// answer rendered before that stamp (its `seq`) is no longer valid. Invalid answers stay for stale-if-error.
import { LRUCache } from "lru-cache";
import type { Redis } from "ioredis";

export interface CachedAnswer {
  status: number;
  /** The headers worth keeping (type, cache policy, totals), never per-response ones. */
  headers: Readonly<Record<string, string>>;
  /** The body, gzip-compressed. */
  gzip: Buffer;
  etag: string;
  tags: string[];
  /** The invalidation sequence number when its rendering started. */
  seq: number;
  storedAt: number;
}

export interface Lookup {
  answer: CachedAnswer;
  /** False once one of its tags was dropped after it was rendered: serve it only when rendering fails. */
  valid: boolean;
}

export interface AnswerStore {
  get(key: string): Promise<Lookup | undefined>;
  set(key: string, answer: CachedAnswer): Promise<void>;
  /** The current invalidation sequence number (read before rendering). */
  sequence(): Promise<number>;
  /** Drops every answer carrying one of these tags, on every instance that shares the store. */
  invalidate(tags: string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a Buffer with a block of its own (ownBytes) held in an LRU costs besides its bytes, measured (node 20,
 * 2026-11-27): its objects and the LRU's slot on the heap (~260 bytes), the block's native bookkeeping (~140).
 */
export const OWN_BUFFER_BYTES = 400;
/**
 * What an entry costs in memory besides its gzip bytes and its own strings, measured as the heap's growth after a
 * forced GC for 10,000–60,000 real answers (a suggestion, a search page, an article page, the home page; node 20,
 * 2026-11-27, again 2026-11-28 with shared headers): its Buffer (OWN_BUFFER_BYTES), the CachedAnswer, its tags' array.
 * A suggestion of 512 bytes costs ~1,200 in all: ~1,900 when each entry held its own headers and their list prepared
 * for sending.
 */
const ENTRY_FIXED_BYTES = OWN_BUFFER_BYTES + 180;
/** A tag: its slot, and its string when built for the answer (`a:123`). */
const TAG_BYTES = 32;
/** A headers object, besides its values: counted with the first entry holding it, as entries keeping the same headers
 *  share one (pageCache's keptHeaders); an entry with headers of its own (a per-article Last-Modified) counts its own. */
const HEADERS_BYTES = 250;
const countedHeaders = new WeakSet<object>();

/** The bytes an entry costs in memory, for the budget: its body, its key, ETag, headers and tags, and the fixed part. */
export function entryBytes(key: string, answer: CachedAnswer): number {
  let bytes = ENTRY_FIXED_BYTES + answer.gzip.length + key.length + answer.etag.length + TAG_BYTES * answer.tags.length;
  if (countedHeaders.has(answer.headers)) return bytes;
  countedHeaders.add(answer.headers);
  bytes += HEADERS_BYTES;
  for (const name in answer.headers) bytes += answer.headers[name].length;
  return bytes;
}

/**
 * `bytes` in memory of their own, exactly as large. A small Buffer is often a view into a larger block: zlib's output
 * into its 16 KB chunk, Buffer.concat's into Node's shared 8 KB pool. Kept for minutes by a cache, such a view keeps
 * the whole block alive while the cache counts only its own length: the suggestions' ~10,000 small answers held some
 * 150 MB of blocks for the 8 MB they were counted as (issue 27: RSS under load 343 MB against 200).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
/** The share of the memory budget for answers whose key carries a query string (searches, page numbers, API filters). */
export const QUERY_SHARE = 0.25;
/** A key with a query string: one of an unbounded space of URLs (searches, filters), kept apart from the site's pages. */
export const isQueryKey = (key: string) => key.includes("?");

/**
 * In this process: two LRUs bounded in bytes. Answers whose key carries a query string (searches, page
 * numbers, API filters: an unbounded space) have a quarter of the budget to themselves, so a flood of
 * distinct queries (a crawler, an attacker, a burst of searches) never evicts the articles and section
 * fronts that a surge of readers is on.
 */
export class MemoryStore implements AnswerStore {
  private readonly paths: LRUCache<string, CachedAnswer>;
  private readonly queries: LRUCache<string, CachedAnswer>;
  private readonly tagSeq = new Map<string, number>();
  private seq = 0;
  /** The sequence number of the last drop of everything. */
  private allSeq = 0;

  constructor(maxBytes: number) {
    const lru = (bytes: number) => new LRUCache<string, CachedAnswer>({ maxSize: Math.max(1, Math.floor(bytes)), sizeCalculation: (a, key) => entryBytes(key, a) });
    this.queries = lru(maxBytes * QUERY_SHARE);
    this.paths = lru(maxBytes * (1 - QUERY_SHARE));
  }

  private lru(key: string) {
    return isQueryKey(key) ? this.queries : this.paths;
  }

  async get(key: string) {
    const answer = this.lru(key).get(key);
    return answer && { answer, valid: this.allSeq <= answer.seq && answer.tags.every((t) => (this.tagSeq.get(t) ?? 0) <= answer.seq) };
  }

  async set(key: string, answer: CachedAnswer) {
    this.lru(key).set(key, { ...answer, gzip: ownBytes(answer.gzip) });
  }

  async sequence() {
    return this.seq;
  }

  async invalidate(tags: string[]) {
    this.seq++;
    for (const tag of tags) this.tagSeq.set(tag, this.seq);
  }

  /** Makes every answer stored so far invalid. */
  async invalidateAll() {
    this.allSeq = ++this.seq;
  }

  /** Continues numbering from at least `floor` (the Redis store's numbers, when this store stands in for it). */
  raiseSequence(floor: number) {
    this.seq = Math.max(this.seq, floor);
  }

  async close() {
    this.paths.clear();
    this.queries.clear();
  }

  /** Bytes held, as counted for the memory budget (entryBytes). */
  get bytes() {
    return this.paths.calculatedSize + this.queries.calculatedSize;
  }
}

/** One binary value per answer: 4-byte length of the JSON metadata, the metadata, then the gzip body. */
function encode(answer: CachedAnswer): Buffer {
  const { gzip, ...meta } = answer;
  const json = Buffer.from(JSON.stringify(meta));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(json.length);
  return Buffer.concat([head, json, gzip]);
}

function decode(buf: Buffer): CachedAnswer {
  const length = buf.readUInt32BE(0);
  const meta = JSON.parse(buf.subarray(4, 4 + length).toString("utf8"));
  return { ...meta, gzip: buf.subarray(4 + length) };
}

/** A tag every Redis answer is checked against: stamping it drops everything. */
const ALL_TAG = "*";

/** Redis: answers expire after `ttlSeconds` (stale-if-error copies included); tag stamps live in one hash. */
export class RedisStore implements AnswerStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private entryKey = (key: string) => `${this.prefix}e:${key}`;

  async get(key: string) {
    const buf = await this.redis.getBuffer(this.entryKey(key));
    if (!buf) return undefined;
    const answer = decode(buf);
    const stamps = await this.redis.hmget(`${this.prefix}tags`, ALL_TAG, ...answer.tags);
    return { answer, valid: stamps.every((s) => Number(s ?? 0) <= answer.seq) };
  }

  async set(key: string, answer: CachedAnswer) {
    await this.redis.set(this.entryKey(key), encode(answer), "EX", this.ttlSeconds);
  }

  async sequence() {
    return Number((await this.redis.get(`${this.prefix}seq`)) ?? 0);
  }

  async invalidate(tags: string[]) {
    if (!tags.length) return;
    const seq = await this.redis.incr(`${this.prefix}seq`);
    await this.redis.hset(`${this.prefix}tags`, Object.fromEntries(tags.map((t) => [t, seq])));
  }

  /** Makes every answer stored so far invalid, on every instance (a stamp on the tag every answer carries). */
  async invalidateAll() {
    const seq = await this.redis.incr(`${this.prefix}seq`);
    await this.redis.hset(`${this.prefix}tags`, ALL_TAG, seq);
  }

  async close() {}
}
