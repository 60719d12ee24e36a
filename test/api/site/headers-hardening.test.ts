// Finding 9 and the headers of issue 9: no www.google.com in script-src with ads, Permissions-Policy,
// Cross-Origin-Opener-Policy, and a __Host- session cookie on https sites.
import { createTestApp, TEST_PASSWORD } from "../../helpers/testApp.js";

const directive = (csp: string, name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";

test("with AD_CLIENT_ID, script-src allows the ad network's script host but not www.google.com (JSONP bypass)", async () => {
  const t = await createTestApp({ AD_CLIENT_ID: "ca-pub-1234567890" });
  try {
    const res = await t.api("GET", "/api/articles");
    const csp = res.headers.get("content-security-policy")!;
    expect(directive(csp, "script-src")).toContain("https://pagead2.googlesyndication.com");
    expect(directive(csp, "script-src")).not.toContain("www.google.com");
    expect(directive(csp, "script-src")).not.toMatch(/\bhttps:(\s|$)|\*/);
    expect(directive(csp, "frame-src")).toContain("https://googleads.g.doubleclick.net");
    // every answer: Permissions-Policy and COOP
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\)/);
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const page = await t.api("GET", "/api/openapi.json");
    expect(page.headers.get("permissions-policy")).toBeTruthy();
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  } finally {
    await t.close();
  }
});

test("on an https site the session cookie is __Host-ds_session (Secure, Path=/, no Domain) and only that name is accepted", async () => {
  const t = await createTestApp({ SITE_URL: "https://news.example.com" });
  try {
    const res = await t.api("POST", "/api/admin/login", { body: { password: TEST_PASSWORD } });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^__Host-ds_session=[A-Za-z0-9_-]{30,};/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const token = setCookie.split(";")[0].split("=")[1];
    expect((await t.api("GET", "/api/admin/status", { cookie: `__Host-ds_session=${token}` })).body).toEqual({ authenticated: true });
    // the unprefixed name (settable from a subdomain or over http) is not read
    expect((await t.api("GET", "/api/admin/status", { cookie: `ds_session=${token}` })).body).toEqual({ authenticated: false });
    const doc = await t.api("GET", "/api/openapi.json");
    expect(doc.body.components.securitySchemes.sessionCookie.name).toBe("__Host-ds_session");
  } finally {
    await t.close();
  }
});
