// What each kind of procedure finds in its context: a public procedure only the public services; the reader's and
// the administrator's builders add theirs once their check passed. The @ts-expect-error lines are checked by tsc.
import { createContextInner } from "../../../src/trpc/context.js";
import { adminProcedure, createCallerFactory, publicProcedure, readerProcedure, router } from "../../../src/trpc/trpc.js";
import { TEST_PASSWORD, useTestApp } from "../../helpers/testApp.js";
import { signInReader } from "../../helpers/readerSignIn.js";

const ADMIN_ONLY = ["apiKeys", "webhooks", "analytics", "siteSettings", "images", "revisions", "commentModeration", "newsletterSender", "membersAndPayments"];

// Never called: TypeScript refuses the administrator's and the reader's services in a public procedure.
publicProcedure.query(({ ctx }) => {
  // @ts-expect-error the API keys are the administrator's
  void ctx.apiKeys;
  // @ts-expect-error deleting an article is the administrator's
  void ctx.articles.delete;
  // @ts-expect-error the configuration's secrets are the administrator's
  void ctx.config.appSecret;
  // @ts-expect-error a reader's account needs a signed-in reader
  void ctx.readers.deleteAccount;
  return () => ctx.articles.homePage();
});
adminProcedure.query(({ ctx }) => [() => ctx.apiKeys.list(), () => ctx.articles.delete(1), ctx.config.databaseKind, () => ctx.webhooks.list()]);
readerProcedure.query(({ ctx }) => {
  // @ts-expect-error a reader's procedure gets no administrator's service
  void ctx.webhooks;
  return [ctx.reader.id, () => ctx.readers.deleteAccount(ctx.reader, []), () => ctx.stripe?.cancel("sub")];
});

const probe = router({
  admin: adminProcedure.query(({ ctx }) => Object.keys(ctx)),
  reader: readerProcedure.query(({ ctx }) => [ctx.reader.email, ...Object.keys(ctx)]),
  open: publicProcedure.query(({ ctx }) => Object.keys(ctx)),
});
const probeCaller = createCallerFactory(probe);

const t = useTestApp();

test("the public context holds no administrator's service and never the DataSource", async () => {
  const keys = Object.keys(createContextInner({ services: t.services }));
  for (const name of [...ADMIN_ONLY, "ds", "appSecret", "settings", "webhookDispatcher", "stripeWebhook"]) expect(keys).not.toContain(name);
  expect(keys).toEqual(expect.arrayContaining(["articles", "readers", "markPrivate", "readsPremium", "isAdmin", "hasScope"]));
  expect(await probeCaller(createContextInner({ services: t.services })).open()).toEqual(keys);
});

test("the administrator's builder adds the newsroom's services after the check; without a session it refuses", async () => {
  await expect(probeCaller(createContextInner({ services: t.services })).admin()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  const sessionToken = await t.services.auth.login(TEST_PASSWORD, "probe");
  const keys = await probeCaller(createContextInner({ services: t.services, sessionToken })).admin();
  expect(keys).toEqual(expect.arrayContaining(ADMIN_ONLY));
});

test("the reader's builder gives the signed-in reader and the account's services; without a reader it refuses", async () => {
  await expect(probeCaller(createContextInner({ services: t.services })).reader()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  const cookie = await signInReader(t, "probe-reader@example.com");
  const readerToken = decodeURIComponent(cookie.split("=").slice(1).join("="));
  const [email, ...keys] = await probeCaller(createContextInner({ services: t.services, readerToken })).reader();
  expect(email).toBe("probe-reader@example.com");
  expect(keys).toEqual(expect.arrayContaining(["reader", "readers", "stripe"]));
  for (const name of ADMIN_ONLY) expect(keys).not.toContain(name);
});
