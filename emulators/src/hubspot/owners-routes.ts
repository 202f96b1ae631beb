import { notFound } from './errors';
import type { Owner } from './model';
import { boolParam, intParam, type Router } from './routing';
import type { Store } from './store';

function presentOwner(owner: Owner) {
  return {
    id: owner.id,
    email: owner.email,
    type: 'PERSON',
    firstName: owner.firstName,
    lastName: owner.lastName,
    userId: owner.userId,
    userIdIncludingInactive: owner.userId,
    createdAt: owner.createdAt,
    updatedAt: owner.updatedAt,
    archived: owner.archived,
    teams: [],
  };
}

/** CRM v3 owners: active ones, or with `archived=true` the deactivated ones; paged. */
export function registerOwnerRoutes(router: Router, store: Store): void {
  router.on('GET', '/crm/v3/owners', ({ query }) => {
    const email = query.get('email')?.toLowerCase();
    const archived = boolParam(query, 'archived');
    const all = store.owners(true).filter((o) => o.archived === archived && (!email || o.email.toLowerCase() === email));
    const limit = intParam(query, 'limit', 100, 500);
    const offset = intParam(query, 'after', 0, Number.MAX_SAFE_INTEGER);
    const page = all.slice(offset, offset + limit);
    const next = offset + page.length;
    return {
      status: 200,
      body: {
        results: page.map(presentOwner),
        ...(next < all.length ? { paging: { next: { after: String(next), link: '' } } } : {}),
      },
    };
  });

  router.on('GET', '/crm/v3/owners/:ownerId', ({ params, query }) => {
    const byUserId = query.get('idProperty') === 'userId';
    const archived = boolParam(query, 'archived');
    const owner = store
      .owners(true)
      .find((o) => (byUserId ? String(o.userId) : o.id) === params.ownerId && (archived || !o.archived));
    if (!owner) throw notFound(`Owner ${params.ownerId} not found`);
    return { status: 200, body: presentOwner(owner) };
  });
}
