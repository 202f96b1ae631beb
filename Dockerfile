# One image for api, worker and the one-shot migrate step; a second, static one for the web.
FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY prisma/package.json prisma/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
COPY dev/package.json dev/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY prisma.config.ts ./
COPY prisma/schema.prisma prisma/prisma.config.ts prisma/
COPY dev/src/dev-database.ts dev/src/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20.19-bookworm-slim AS app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY dev/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
