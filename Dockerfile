# One image for every Node service; docker-compose.yml picks the entry point.
FROM node:20-bookworm-slim AS base
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY bots/package.json bots/
COPY frontend/package.json frontend/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspaces --include-workspace-root --ignore-scripts=false && npm install --no-save tsx
COPY . .
ENV NODE_ENV=production DATA_DIR=/data
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=50", "--import", "tsx", "src/main.ts"]
