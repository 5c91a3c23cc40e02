# One image for the api, the worker and the migrate job (the command differs per service).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY migrations/package.json migrations/
COPY activities/package.json activities/
COPY workflows/package.json workflows/
COPY worker/package.json worker/
COPY api/package.json api/
COPY web/package.json web/
COPY scripts/package.json scripts/
RUN npm ci --include=dev
COPY . .
RUN npm run build -w @fajr/web
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/src/server.ts"]
