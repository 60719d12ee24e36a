// A database outage on MariaDB, simulated by cutting a TCP proxy between the app and the server: cached pages
// keep being served, everything else is a 503 with Retry-After (never a 500), and service comes back by
// itself once the database answers again. Needs MariaDB (test/helpers/services.ts: skipped without it, required with CI=true).
import mysql from "mysql2/promise";
import { createArticle } from "../../helpers/factories.js";
import { mariadbDatabaseUrl, needs } from "../../helpers/services.js";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcpProxy.js";
import { createTestApp, type TestApp } from "../../helpers/testApp.js";

const mariadb = await needs("mariadb");
const target = new URL(mariadbDatabaseUrl("outage").replace(/^mariadb:/, "mysql:"));
const MARIADB = { host: target.hostname, port: Number(target.port || 3306), user: decodeURIComponent(target.username), password: decodeURIComponent(target.password) };
const DATABASE = target.pathname.slice(1);

mariadb.describe("a database outage", () => {
  let t: TestApp;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const conn = await mysql.createConnection(MARIADB);
    await conn.query(`CREATE DATABASE IF NOT EXISTS \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    proxy = await startTcpProxy(MARIADB.host, MARIADB.port);
    t = await createTestApp({ DATABASE_URL: `mariadb://${target.username}${target.password ? `:${target.password}` : ""}@127.0.0.1:${proxy.port}/${DATABASE}` });
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
  });

  test("while the database is down: cached answers are served, others are 503 + Retry-After, writes are refused; then it recovers", async () => {
    const admin = await t.login();
    await createArticle(t.services, { title: "Before the outage", category: "sea" });
    const cached = await t.api("GET", "/api/article-cards?category=sea");
    expect(cached.status).toBe(200);

    proxy.cut();
    const fromCache = await t.api("GET", "/api/article-cards?category=sea");
    expect([fromCache.status, fromCache.body.map((a: { title: string }) => a.title)]).toEqual([200, ["Before the outage"]]);

    const uncached = await t.api("GET", "/api/article-cards?category=land");
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get("retry-after")).toBe("5");
    expect(uncached.body.message).toMatch(/unavailable/i);
    expect(uncached.text).not.toMatch(/at .*\.ts:\d+/);
    const write = await t.api("POST", "/api/articles", { cookie: admin, body: { title: "During the outage", content: "Body" } });
    expect(write.status).toBe(503);
    expect((await t.api("GET", "/readyz")).status).toBe(503);
    expect((await t.api("GET", "/healthz")).status).toBe(200);

    proxy.restore();
    const deadline = Date.now() + 5000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await t.api("GET", "/api/article-cards?category=land")).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await t.api("GET", "/readyz")).status).toBe(200);
    // The refused write stored nothing; a write now succeeds.
    expect((await t.api("GET", "/api/articles?q=outage")).body.map((a: { title: string }) => a.title)).toEqual(["Before the outage"]);
    expect((await t.api("POST", "/api/articles", { cookie: admin, body: { title: "After the outage", content: "Body" } })).status).toBe(201);
  });
});
