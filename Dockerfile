# The product as one image: the compiled server, the built web app and game SDK, and the
# production dependencies only. `docker build -t game-portal .`; deploy/compose.yaml runs two
# replicas behind a proxy over PostgreSQL and Redis (docs/deploy.md).

# --- build: every dependency, then exactly what `npm run build` makes ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/game-sdk/package.json packages/game-sdk/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w packages/game-sdk && npm run build -w apps/web && npm run build -w apps/server

# --- runtime: production dependencies and the built artefacts, as an unprivileged user ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/game-sdk/package.json packages/game-sdk/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/assets apps/server/assets
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
COPY --from=build /app/packages/game-sdk/dist packages/game-sdk/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
# 8080: the public port; 9464: Prometheus metrics when METRICS_PORT=9464 (never publish it).
EXPOSE 8080 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form): readiness fails, the drain runs, then it exits.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.mjs"]
