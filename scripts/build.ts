// Builds the client bundle and the SSR entry into DIST_DIR (default ./dist); browser tests build into
// a directory of their own so parallel runs never overwrite each other's build.
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
const configFile = path.join(root, "vite.config.ts");
process.env.NODE_ENV ??= "production";
await build({ configFile, build: { outDir: path.join(dist, "client"), emptyOutDir: true } });
await build({ configFile, build: { ssr: "entry-server.tsx", outDir: path.join(dist, "server"), emptyOutDir: true, manifest: false } });
