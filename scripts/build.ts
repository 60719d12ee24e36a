// Builds everything `npm start` runs into DIST_DIR (default ./dist): the client bundle (client/), the SSR entry
// (server/) and the compiled server (node/server.js, its read thread node/readWorker.js and the search mirror's builder
// node/mirrorBuilder.js, with source maps), so
// production needs no TypeScript compiler. Browser tests build into a directory of their own so parallel runs never overwrite each other.
import fs from "node:fs";
import path from "node:path";
import { build as esbuild } from "esbuild";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
const configFile = path.join(root, "vite.config.ts");
process.env.NODE_ENV ??= "production";
await build({ configFile, build: { outDir: path.join(dist, "client"), emptyOutDir: true } });
inlineStylesheet(path.join(dist, "client"));
nameBootEntry(path.join(dist, "client"));
await build({ configFile, build: { ssr: "entry-server.tsx", outDir: path.join(dist, "server"), emptyOutDir: true, manifest: false } });
// The server, and the threads it starts beside itself (src/lib/moduleWorker.ts looks for them there).
await esbuild({
  entryPoints: { server: path.join(root, "src/server.ts"), readWorker: path.join(root, "src/repositories/readWorker.ts"), mirrorBuilder: path.join(root, "src/repositories/search/mirrorBuilder.ts") },
  outdir: path.join(dist, "node"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});

/** The reader's stylesheet goes inside the page template: the first paint waits for no request but the HTML. */
function inlineStylesheet(clientDir: string) {
  const templateFile = path.join(clientDir, "index.html");
  const template = fs.readFileSync(templateFile, "utf8");
  const links = [...template.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  if (links.length !== 1) throw new Error(`Expected one stylesheet in the page template, found ${links.length}`);
  const css = fs.readFileSync(path.join(clientDir, links[0][1]), "utf8").replace(/<\/style/gi, "<\\/style");
  fs.writeFileSync(templateFile, template.replace(links[0][0], () => `<style>${css}</style>`));
}

/** The page's entry starts the app after the first paint by this name (web/entry-client.tsx), so it imports nothing itself. */
function nameBootEntry(clientDir: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, { file: string; isEntry?: boolean }>;
  const boot = manifest["boot.tsx"];
  if (!boot?.isEntry) throw new Error("The build has no boot.tsx entry");
  const templateFile = path.join(clientDir, "index.html");
  fs.writeFileSync(templateFile, fs.readFileSync(templateFile, "utf8").replace("</head>", () => `<meta name="app-boot" content="/${boot.file}"></head>`));
}
