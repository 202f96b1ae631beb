import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { cleanerDayQuerySchema } from '@app/shared/cleaner-day';
import { requireCleaner } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { revealCode } from './home';
import { cleanerDay, cleanerMe } from './service';
import { addPhoto, addThumbnail } from './photo-service';
import { photoUploadOf } from '../../photos/photo-upload';
import { finishVisit, onMyWay, startVisit, tickItem } from './visit-service';

const NO_STORE = 'private, no-store';

/** Every cleaner route: 401 without a session, 403 for the office's or a customer's; never cached. */
async function cleanerOnly(ctx: Context, next: Next): Promise<void> {
  requireCleaner(ctx);
  ctx.set('Cache-Control', NO_STORE);
  await next();
}

/**
 * The cleaner's API (docs/sessions.md, docs/product.md §6): only a cleaner's session, and only
 * their own cleanings, read from the deal mirror (no HubSpot call). Office staff, admins too, get
 * 403 here: they see every cleaning in their own tools.
 */
export function cleanerRoutes(deps: Pick<ModuleDeps, 'db' | 'now' | 'homeSecrets' | 'outbox' | 'sendableAt' | 'customerTextsOff'>): Router {
  const router = new Router({ prefix: '/api/cleaner' });
  const dayQuery = cleanerDayQuerySchema(deps.now);
  router.use(cleanerOnly);

  router.get('/me', async (ctx) => {
    ctx.body = await cleanerMe(deps, requireCleaner(ctx));
  });

  router.get('/day', async (ctx) => {
    const cleaner = requireCleaner(ctx);
    const { date, seen } = dayQuery.parse(ctx.query);
    ctx.body = await cleanerDay(deps, cleaner, date, seen);
  });

  // An entry code's value, on the cleaning's day, recorded (docs/home-profile.md). Never logged.
  router.post('/deals/:dealId/codes/:secretId/reveal', async (ctx) => {
    ctx.body = await revealCode(deps, requireCleaner(ctx), ctx.params.dealId ?? '', ctx.params.secretId ?? '');
  });

  // On my way, started, done (docs/cleaner-day.md): each idempotent, for the cleaner's own cleaning on its day.
  router.post('/deals/:id/on-my-way', async (ctx) => {
    ctx.body = await onMyWay(deps, requireCleaner(ctx), ctx.params.id ?? '', ctx.request.body);
  });
  router.post('/deals/:id/start', async (ctx) => {
    ctx.body = await startVisit(deps, requireCleaner(ctx), ctx.params.id ?? '');
  });
  // The checklist ticked as the cleaner goes, kept here (a reload or another phone keeps it).
  router.put('/deals/:id/checklist/:itemId', async (ctx) => {
    ctx.body = await tickItem(deps, requireCleaner(ctx), ctx.params.id ?? '', ctx.params.itemId ?? '', ctx.request.body);
  });
  router.post('/deals/:id/done', async (ctx) => {
    ctx.body = await finishVisit(deps, requireCleaner(ctx), ctx.params.id ?? '', ctx.request.body);
  });
  // A photo of the cleaning (docs/cleaner-day.md#photos): the image's bytes as the body, read here.
  router.post('/deals/:id/photos', async (ctx) => {
    ctx.status = 201;
    ctx.body = await addPhoto(deps, requireCleaner(ctx), ctx.params.id ?? '', photoUploadOf(ctx), ctx.query);
  });
  // Its small copy, made by the phone, for the office's cleaning page (docs/cleaner-day.md#what-the-office-sees).
  router.put('/deals/:id/photos/:photoId/thumbnail', async (ctx) => {
    ctx.body = await addThumbnail(deps, requireCleaner(ctx), ctx.params.id ?? '', ctx.params.photoId ?? '', photoUploadOf(ctx));
  });

  return router;
}
