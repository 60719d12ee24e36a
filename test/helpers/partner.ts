import type { AddressInfo } from "node:net";
import { createApp } from "../../src/app.js";
import { createServices } from "../../src/services/index.js";
import type { TestApp } from "./testApp.js";

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * A second app instance on the same database (and the same Redis when the config names one): its own
 * services, caches and limiters, as another process behind the balancer would have.
 */
export async function secondInstance(t: TestApp, env: Partial<TestApp["config"]> = {}) {
  const services = createServices(t.ds, { ...t.config, ...env });
  const app = await createApp(services);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    services,
    baseUrl,
    fetch: (path: string, init: RequestInit = {}) => fetch(baseUrl + path, init),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await services.close();
    },
  };
}

/** The former name of factories.ts's createApiKey, for suites written before it (other branches in flight). */
export { createApiKey as createKey } from "./factories.js";
