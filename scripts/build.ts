// Builds everything `npm start` runs into DIST_DIR (default ./dist): the client bundle (client/), the SSR entry
// (server/) and the compiled server (node/server.js, with source maps), so production needs no TypeScript
// compiler. Browser tests build into a directory of their own so parallel runs never overwrite each other.
import path from "node:path";
import { build as esbuild } from "esbuild";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
const configFile = path.join(root, "vite.config.ts");
process.env.NODE_ENV ??= "production";
await build({ configFile, build: { outDir: path.join(dist, "client"), emptyOutDir: true } });
await build({ configFile, build: { ssr: "entry-server.tsx", outDir: path.join(dist, "server"), emptyOutDir: true, manifest: false } });
await esbuild({
  entryPoints: [path.join(root, "src/server.ts")],
  outfile: path.join(dist, "node/server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
