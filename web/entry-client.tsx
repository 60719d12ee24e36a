import { HydrationBoundary } from "@tanstack/react-query";
import { StrictMode } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App, Providers } from "./App.js";
import { readSiteFromDocument } from "./lib/site.js";
import { createQueryClient, createTrpcClient } from "./trpc.js";

const stateElement = document.getElementById("__APP_STATE__");
const dehydratedState = stateElement?.textContent ? JSON.parse(stateElement.textContent) : undefined;
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <Providers queryClient={queryClient} trpcClient={trpcClient} site={readSiteFromDocument(document)}>
      <HydrationBoundary state={dehydratedState}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </HydrationBoundary>
    </Providers>
  </StrictMode>
);
// Server-rendered pages hydrate; admin screens are rendered in the browser only.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
