// The real server in a process of its own (run with tsx), for the graceful-shutdown test: startServer and the
// same SIGTERM handling as `npm start` (src/main.ts), without the server-rendered pages (they need a build), plus
// two routes a test can hold open: a slow answer and an event stream registered for the shutdown.
import "reflect-metadata";
import { parseConfig } from "../../src/config.js";
import { exitOnSignals, startServer } from "../../src/main.js";
import { endStreamWithReconnectHint } from "../../src/services/lifecycle.js";

const config = parseConfig(process.env);
const { server, close, services } = await startServer(
  config,
  [
    (app) => {
      app.get("/slow", async (req, res) => {
        const ms = Math.min(5000, Number(req.query.ms ?? 1000));
        process.stdout.write("slow answer started\n");
        await new Promise((resolve) => setTimeout(resolve, ms));
        res.setHeader("Cache-Control", "no-store");
        res.json({ slept: ms });
      });
      // Under /preview/: a path the page cache never renders (it would wait for the end of the stream).
      app.get("/preview/stream", (_req, res) => {
        res.setHeader("Content-Type", "text/event-stream");
        res.flushHeaders();
        res.write("event: hello\ndata: {}\n\n");
        const off = services.lifecycle.onShutdown(() => endStreamWithReconnectHint(res));
        res.on("close", off);
      });
    },
  ],
  { pages: false },
);
exitOnSignals(close, services.logger);
const address = server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
