import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The React app lives in web/; the client build goes to dist/client, the SSR build to dist/server.
export default defineConfig({
  root: "web",
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
});
