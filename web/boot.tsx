import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App, Providers } from "./App.js";
import { readSiteFromDocument } from "./lib/site.js";
import { matchRoute } from "./routes.js";
import { createQueryClient } from "./lib/rpc.js";

const stateElement = document.getElementById("__APP_STATE__");
const dehydratedState = stateElement?.textContent ? JSON.parse(stateElement.textContent) : undefined;
const queryClient = createQueryClient();
// The server's query results, put in the cache before the first render (what HydrationBoundary does on the server).
if (dehydratedState) hydrate(queryClient, dehydratedState);
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Providers queryClient={queryClient} site={readSiteFromDocument(document)}>
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
  await matchRoute(window.location.pathname)?.route.preload?.();
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error("Hydration error:", error) });
  });
} else createRoot(root).render(app);
