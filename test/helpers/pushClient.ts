// A browser's side of web push, for tests: its own P-256 key pair and auth secret, and the decryption of an
// RFC 8291 (aes128gcm, RFC 8188) message written out here with node:crypto alone, so a test checks the library's
// encryption against the standard rather than against itself. Also a local push service that records what it gets.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import type http from "node:http";
import { startFakeServer } from "./fakeServer.js";

export interface PushBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

/** A subscriber with fresh keys, whose endpoint is `path` on the given push service. */
export function pushBrowser(serviceUrl: string, path: string): PushBrowser {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint: `${serviceUrl}${path}`,
    keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key)
      const salt = body.subarray(0, 16);
      const idLength = body[20];
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then padding zeros.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error("not a final record");
      return plain.subarray(0, end).toString("utf8");
    },
  };
}

/** Checks a VAPID Authorization header (`vapid t=<JWT>, k=<public key>`) with RFC 8292's rules; returns its claims. */
export function verifyVapid(header: string | undefined, expectedKey: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, key] = match;
  if (key !== expectedKey) throw new Error("the header names another key");
  const [head, claims, signature] = jwt.split(".");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33, 65).toString("base64url") }, format: "jwk" });
  const ok = verify("sha256", Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!ok) throw new Error("bad VAPID signature");
  if (JSON.parse(Buffer.from(head, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  return JSON.parse(Buffer.from(claims, "base64url").toString());
}

export interface PushMessage {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A local push service: records each message by endpoint path and answers what `answer` says (201 by default). */
export async function startPushService() {
  const messages: PushMessage[] = [];
  const load = { inFlight: 0, most: 0, delayMs: 0 };
  let answer: (path: string, seen: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 201 });
  const server = await startFakeServer(async (req, res) => {
    load.most = Math.max(load.most, ++load.inFlight);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? "";
    messages.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
    const { status, headers } = answer(path, messages.filter((m) => m.path === path).length);
    if (load.delayMs) await new Promise((r) => setTimeout(r, load.delayMs));
    load.inFlight--;
    res.writeHead(status, headers);
    res.end();
  });
  return {
    url: server.url,
    messages,
    /** How the service answers a message to `path` (its `seen`-th, counting from 1). */
    answer(fn: typeof answer) {
      answer = fn;
    },
    count: (path: string) => messages.filter((m) => m.path === path).length,
    /** Requests under way now and at most so far; `delayMs` holds each answer back. */
    load,
    close: server.close,
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
