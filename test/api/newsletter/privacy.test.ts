// Finding 5: the newsletter answer does not reveal whether an address is on the list.
import { useTestApp } from "../../helpers/testApp.js";

const t = useTestApp({ RATE_LIMIT_NEWSLETTER: "100" });

const subscribe = (email: string) => t.api("POST", "/api/newsletter/subscribe", { body: { email } });
const shape = (res: { status: number; body: unknown; headers: Headers }) => ({ status: res.status, body: res.body, type: res.headers.get("content-type") });

test("new, existing and unsubscribed addresses get byte-identical answers", async () => {
  const fresh = await subscribe("known@example.com");
  const again = await subscribe("known@example.com");
  await t.services.newsletter.unsubscribe(await t.services.newsletter.unsubscribeToken("known@example.com"));
  const afterUnsubscribe = await subscribe("known@example.com");
  const other = await subscribe("someone-else@example.com");
  expect(fresh.status).toBe(200);
  for (const res of [again, afterUnsubscribe, other]) expect(shape(res)).toEqual(shape(fresh));
  // through tRPC too
  const trpcFresh = await t.api("POST", "/api/trpc/newsletter.subscribe", { body: { email: "trpc-new@example.com" } });
  const trpcKnown = await t.api("POST", "/api/trpc/newsletter.subscribe", { body: { email: "known@example.com" } });
  expect(trpcKnown.text).toBe(trpcFresh.text);
});
