// The server's requests and responses are made with Express's prototypes, so Express never has to change an object's
// prototype as a request arrives (src/app.ts, createHttpServer: issue 27, garbage promoted to the old generation).
import type { AddressInfo } from "node:net";
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { createHttpServer } from "../../../src/app.js";

test("requests and responses arrive with Express's prototypes, and Express answers them as usual", async () => {
  const app = express();
  app.get("/hello", (req, res) => {
    res.set("X-Path", req.path).json({ hello: req.query.name });
  });
  const server = createHttpServer(app);
  const seen: Array<[object | null, object | null]> = [];
  // Before Express's own listener: the objects as the server made them.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => seen.push([Object.getPrototypeOf(req), Object.getPrototypeOf(res)]));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hello?name=world`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-path")).toBe("/hello");
    expect(await answer.json()).toEqual({ hello: "world" });
    expect(seen).toEqual([[app.request, app.response]]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
