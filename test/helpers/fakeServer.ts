import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/** A local HTTP server for tests that drive external sources (feeds, quotes); records every request URL. */
export async function startFakeServer(handler: FakeHandler) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    Promise.resolve(handler(req, res)).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
