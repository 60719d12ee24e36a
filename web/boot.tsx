import { StrictMode, startTransition } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App, Providers } from "./App.js";
import { readSiteFromDocument } from "./lib/site.js";
import { matchRoute } from "./routes.js";
import { QueryStore } from "./lib/queryStore.js";

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
// Each step is a task of its own (a yield between them), so none blocks the main thread for long on a slow phone:
// evaluating the libraries and the frame (this module's imports), matching the route, evaluating the page's chunk,
// starting hydration. (Evaluating the app's own modules in a task after the libraries' saved little and cost
// 0.4 KB of gzip as a chunk of its own.)
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
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
