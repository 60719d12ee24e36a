# Multi-stage image: build (compiles better-sqlite3, builds the React app), then a slim non-root
# runtime that runs `npm start` — migrations, first-start sample content (embedded database only
# unless SEED=true), then the server. Mirrors what CI runs: `npm install`, `npm run build`, `npm start`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 has no reachable prebuilt binary: node-gyp compiles it from source.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# `npm ci` refuses this lockfile (optional platform binaries missing from the registry): use install.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
RUN mkdir -p /data && chown node:node /data
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
