# One image for the web app and the worker (docker-compose.yml picks the command). ffmpeg remuxes
# signers' recorded videos so the stored file has a duration.
FROM node:20-bookworm-slim
ENV NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends openssl ca-certificates ffmpeg && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN node scripts/prisma.mjs generate && npx next build
EXPOSE 3000
# server.ts: Next's handler behind our server, which hands route handlers the client's address (TRUSTED_PROXIES).
CMD ["npx", "tsx", "server.ts", "-p", "3000"]
