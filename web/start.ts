// What web/boot.tsx loads once the libraries are evaluated, in a task of its own: the app, its routes and the
// site's frame (evaluating all of it with the libraries was one task too long for a slow phone).
export { App, Providers } from "./App.js";
export { readSiteFromDocument } from "./lib/site.js";
export { matchRoute } from "./routes.js";
export { QueryStore } from "./lib/queryStore.js";
