import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";
import { createArticle } from "../../helpers/factories.js";

/** A stand-in for the public site, answering what each test sets. */
let site: { sitemap: (res: express.Response) => void; article: (res: express.Response) => void };
let server: Server;
let origin: string;
let t: TestApp;

beforeAll(async () => {
  const app = express();
  app.get("/sitemap.xml", (_req, res) => site.sitemap(res));
  app.get("/article/:slug", (_req, res) => site.article(res));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
  await createArticle(t.services, { title: "Probe article one" });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A fresh probe each time (the service caches its answer for 10 minutes). */
const probe = async (at: string) => {
  const { SiteProbe } = await import("../../../src/services/siteProbe.js");
  return new SiteProbe(t.services.repos.sitemaps, at).check();
};

test("a site that cannot be reached gives null (not checked), never false", async () => {
  const closed = express().listen(0, "127.0.0.1");
  await new Promise((resolve) => closed.once("listening", resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  await expect(probe(`http://127.0.0.1:${port}`)).resolves.toEqual({ sitemap: null, structuredData: null });
});

test("a site that answers without a sitemap or JSON-LD gives false", async () => {
  site = { sitemap: (res) => void res.status(404).send("Not found"), article: (res) => void res.type("html").send("<html><head></head></html>") };
  await expect(probe(origin)).resolves.toEqual({ sitemap: false, structuredData: false });
});

test("a sitemap and NewsArticle JSON-LD give true", async () => {
  site = {
    sitemap: (res) => void res.type("application/xml").send('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'),
    article: (res) => void res.type("html").send('<script type="application/ld+json">{"@type":"NewsArticle"}</script>'),
  };
  await expect(probe(origin)).resolves.toEqual({ sitemap: true, structuredData: true });
});

test("with no published article, structured data could not be checked: null", async () => {
  await t.ds.query("UPDATE article SET status = 'draft'");
  await expect(probe(origin)).resolves.toEqual({ sitemap: true, structuredData: null });
});
