import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const reactRouter = (file: string) => path.resolve(import.meta.dirname, "node_modules/react-router/dist/production", file);

// The React app lives in web/; the client build goes to dist/client, the SSR build to dist/server.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: "web",
  publicDir: false,
  plugins: [react()],
  resolve: {
    // react-router's package points bundlers and node at its development build (warnings and invariant texts
    // included); both builds take its production build. The server's bundle then holds react-router and
    // react-router-dom (ssr.noExternal), so that both import this one copy.
    alias: command === "build" ? [{ find: /^react-router$/, replacement: reactRouter("index.mjs") }, { find: /^react-router\/dom$/, replacement: reactRouter("dom-export.mjs") }] : [],
  },
  ssr: command === "build" ? { noExternal: ["react-router", "react-router-dom"] } : {},
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // No preload helper around dynamic imports (1 KB in the first chunk): a page chunk has few imports of its own.
    modulePreload: false,
    rolldownOptions: {
      // The page template's tiny entry and, as an entry of its own, the app it starts after the first paint (its file
      // name reaches the template through the manifest: scripts/build.ts). The SSR build sets its own input.
      ...(isSsrBuild ? {} : { input: { index: path.resolve(import.meta.dirname, "web/index.html"), boot: path.resolve(import.meta.dirname, "web/boot.tsx") } }),
      output: {
        // What every public page needs at first goes out as two files (the libraries, the site's frame) instead
        // of a dozen small ones; each page and each island stays a chunk of its own.
        codeSplitting: {
          groups: [
            // Only what the public pages use (react-query is the admin's: the reader's pages have web/lib/queryStore.ts).
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // The islands' own hooks (web/hooks/islands/) stay with their island's chunk, never in the frame.
            { name: "frame", test: /web[\\/](lib[\\/](?!readingList)|hooks[\\/](?!islands[\\/])|components[\\/](Layout|AdSlot|islands|ArticleImage|HtmlBody|LiveBadge)\.|pages[\\/]admin[\\/]paths\.)|src[\\/]schemas[\\/](constants|media)\./ },
          ],
        },
      },
    },
  },
}));
