import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

/** Addresses an outgoing request never reaches (unless allowLocal): private, loopback, link-local (cloud metadata), and the like. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.0.0.0", 24],
  ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96], ["2001:db8::", 32]] as const) BLOCKED.addSubnet(net, prefix, "ipv6");

/** True when an IP address is private, loopback, link-local, metadata or otherwise not a public host. */
export function isBlockedAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return BLOCKED.check(address, "ipv4");
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? BLOCKED.check(mapped, "ipv4") : BLOCKED.check(address, "ipv6");
}

export class OutboundError extends Error {}

export interface SafeFetchOptions {
  /** Whole request, redirects included. */
  timeoutMs: number;
  /** Largest body accepted, counted after decompression while it streams in. */
  maxBytes: number;
  headers?: Record<string, string>;
  /** OUTBOUND_ALLOW_LOCAL: loopback and private addresses and plain http (local fakes in tests). */
  allowLocal: boolean;
  /** A key travels with the request: https only (unless allowLocal). */
  carriesKey?: boolean;
  maxRedirects?: number;
  /** GET unless set; a body is sent as it is. */
  method?: "GET" | "POST";
  body?: string | Buffer;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * The one way the server fetches from outside (feeds, market data): http(s) only, no private or
 * metadata addresses (checked on the address actually connected, so DNS cannot point around it),
 * at most 3 redirects each checked again, a deadline, and a byte cap enforced while the
 * (decompressed) body streams, so a gzip bomb is never inflated whole.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = Date.now() + options.timeoutMs;
  let current = new URL(url);
  for (let redirects = 0; ; redirects++) {
    const res = await requestOnce(current, options, deadline);
    const location = res.location;
    if (!location) return res.response;
    if (redirects >= (options.maxRedirects ?? 3)) throw new OutboundError(`too many redirects (at most ${options.maxRedirects ?? 3})`);
    current = new URL(location, current);
  }
}

/** The address rules of every outgoing request, for a URL stored now and fetched later (a push endpoint): throws OutboundError. */
export function checkOutboundUrl(url: URL, options: Pick<SafeFetchOptions, "allowLocal" | "carriesKey">) {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundError(`refused ${url.protocol} address: only http(s)`);
  if (url.protocol === "http:" && options.carriesKey && !options.allowLocal) throw new OutboundError("refused plain http: a request carrying a key must use https");
  if (url.username || url.password) throw new OutboundError("refused an address with credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !options.allowLocal && isBlockedAddress(host)) throw new OutboundError(`refused private or local address ${host}`);
}

/** DNS lookup that refuses private and local answers. */
const guardedLookup: LookupFunction = (hostname, opts, callback) => {
  dns.lookup(hostname, { ...opts, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isBlockedAddress(a.address));
    if (bad || !list.length) return callback(new OutboundError(`refused ${hostname}: it resolves to a private or local address`), "", 4);
    if ((opts as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};

function requestOnce(url: URL, options: SafeFetchOptions, deadline: number): Promise<{ location?: string; response: SafeResponse }> {
  checkOutboundUrl(url, options);
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundError("timed out"));
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: options.method ?? "GET",
      headers: { "accept-encoding": "gzip, deflate, br", "user-agent": "DefenseSentinel/1.0", ...(options.body !== undefined ? { "content-length": String(Buffer.byteLength(options.body)) } : {}), ...options.headers },
      lookup: options.allowLocal ? undefined : guardedLookup,
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new OutboundError("timed out")), remaining);
    const fail = (error: Error) => {
      clearTimeout(timer);
      req.destroy();
      reject(error);
    };
    req.on("error", fail);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
        clearTimeout(timer);
        res.resume();
        req.destroy();
        return resolve({ location: res.headers.location, response: { status, headers: res.headers, text: "" } });
      }
      const declared = Number(res.headers["content-length"] ?? 0);
      if (declared > options.maxBytes) return fail(new OutboundError(`response too large (over ${options.maxBytes} bytes)`));
      const encoding = String(res.headers["content-encoding"] ?? "").toLowerCase().trim();
      let body: Readable = res;
      if (encoding === "gzip" || encoding === "x-gzip") body = res.pipe(zlib.createGunzip());
      else if (encoding === "deflate") body = res.pipe(zlib.createInflate());
      else if (encoding === "br") body = res.pipe(zlib.createBrotliDecompress());
      const chunks: Buffer[] = [];
      let size = 0;
      body.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          body.destroy();
          return fail(new OutboundError(`response too large (over ${options.maxBytes} bytes)`));
        }
        chunks.push(chunk);
      });
      body.on("error", fail);
      body.on("end", () => {
        clearTimeout(timer);
        resolve({ response: { status, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") } });
      });
    });
    req.end(options.body);
  });
}
