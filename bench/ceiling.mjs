// The ceiling of the reading benchmark: a bare Express 5 app answering a small JSON object with
// res.json, in its own process. Run with plain node (no compiler) on PORT.
import express from "express";

const app = express();
const answer = { ok: true, site: "Defense Sentinel", items: [1, 2, 3] };
app.get("/", (_req, res) => res.json(answer));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`ceiling on ${process.env.PORT}`));
