// Renders one GET through the app in-process, as an anonymous request with no cookies and no compression,
// and captures the answer. (light-my-request cannot be used: Express 5 swaps the prototypes of req and res,
// dropping its methods; overrides on the instance survive that.)
import http from "node:http";
import net from "node:net";

export interface RenderedAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const asBuffer = (chunk: unknown, encoding?: unknown) =>
  Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding) : chunk instanceof Uint8Array ? Buffer.from(chunk) : Buffer.alloc(0);

export function renderInProcess(handler: Handler, url: string, headers: Record<string, string>): Promise<RenderedAnswer> {
  return new Promise((resolve, reject) => {
    const socket = new net.Socket();
    const req = new http.IncomingMessage(socket);
    req.method = "GET";
    req.url = url;
    req.headers = { host: "localhost", ...headers };
    req.push(null);
    const res = new http.ServerResponse(req);
    const chunks: Buffer[] = [];
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      chunks.push(asBuffer(chunk, encoding));
      const cb = [encoding, callback].find((f) => typeof f === "function") as (() => void) | undefined;
      cb?.();
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      if (chunk !== undefined && typeof chunk !== "function") chunks.push(asBuffer(chunk, encoding));
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) });
      res.emit("finish");
      const cb = [chunk, encoding, callback].find((f) => typeof f === "function") as (() => void) | undefined;
      cb?.();
      return res;
    }) as typeof res.end;
    try {
      handler(req, res);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
