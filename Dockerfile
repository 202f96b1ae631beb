# One image for api, worker, the one-shot setup step and the development emulators; a second,
# static one for the web front.
FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY prisma/package.json prisma/
COPY runtime/package.json runtime/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY dev/package.json dev/
COPY emulators/package.json emulators/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY prisma.config.ts ./
COPY prisma/schema.prisma prisma/prisma.config.ts prisma/
COPY prisma/dev-database.ts prisma/
# npm ci's `prisma generate` asks the CLI for its schema engine: the stand-in must be there.
COPY prisma/schema-engine/ prisma/schema-engine/
RUN npm ci
COPY . .
# The company's identity (a JSON file) and photographs (a folder), as paths inside the build
# context; empty, the build uses the demo identity and the repository's illustrations.
ARG COMPANY_CONFIG_FILE=""
ARG IMAGERY_DIR=""
# The site's public address, for canonical links, sitemap.xml and share cards: by default the
# local front of docker-compose.yml; compose.prod.yml passes the real one.
ARG PUBLIC_URL="http://127.0.0.1:8080"
RUN npm run build

FROM node:24.22.3-bookworm-slim AS app
# The api and worker read the same identity the site was built with (texts they send name it).
ARG COMPANY_CONFIG_FILE=""
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 COMPANY_CONFIG_FILE=${COMPANY_CONFIG_FILE}
WORKDIR /app
COPY --from=build /app /app
# Where the development emulators keep their state (a volume in docker-compose.yml).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]

# The front: pre-rendered pages, assets and the app shell, and /api to the api. Plain HTTP
# (docker-compose.yml); web-tls adds HTTPS (compose.prod.yml).
FROM nginx:1.27-alpine AS web
COPY dev/docker/nginx/app-routes.conf /etc/nginx/conf.d/app-routes.conf
COPY dev/docker/nginx/http.conf /etc/nginx/conf.d/default.conf
COPY dev/docker/nginx/locations.conf dev/docker/nginx/security-headers.conf /etc/nginx/site/
COPY --from=build /app/web/dist /usr/share/nginx/html

FROM web AS web-tls
COPY dev/docker/nginx/https.conf /etc/nginx/conf.d/default.conf
EXPOSE 443
