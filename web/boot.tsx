import { StrictMode, startTransition } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";

// Each step is a task of its own (a yield between them), so none blocks the main thread for long on a slow phone:
// evaluating the libraries (this module's imports), evaluating the app and the site's frame (web/start.ts, its
// files preloaded by web/entry-client.tsx), matching the route, evaluating the page's chunk, starting hydration.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
await nextTask();
const { App, Providers, readSiteFromDocument, matchRoute, QueryStore } = await import("./start.js");
const stateElement = document.getElementById("__APP_STATE__");
// The server's query results: the store starts from them, so the first render matches the server's HTML.
const store = new QueryStore(stateElement?.textContent ? JSON.parse(stateElement.textContent) : undefined);
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Providers store={store} site={readSiteFromDocument(document)}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

// Server-rendered pages hydrate once their page's chunk is here, in a transition: React works in slices of a few
// milliseconds and yields to the reader between them, so hydration never blocks the main thread for long.
// Admin screens are rendered in the browser only.
if (root.hasChildNodes()) {
  await nextTask();
  const preload = matchRoute(window.location.pathname)?.route.preload;
  await nextTask();
  await preload?.();
  await nextTask();
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error("Hydration error:", error) });
  });
} else createRoot(root).render(app);
