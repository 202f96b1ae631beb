import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTE_PATHS, CLIENT_ROUTES, isCleanerAreaRoute, isKnownClientRoute, isNotIndexedRoute, isStaffAreaRoute } from './routes';

describe('client routes', () => {
  it('lists every route and linked path of spec §2 exactly once, plus the waitlist, the careers, team, requests, cleaning and plans pages of the staff area and the cleaner\'s day', () => {
    expect([...CLIENT_ROUTE_PATHS].sort()).toEqual(
      [
        '/',
        '/about',
        '/booking',
        '/booking/confirmation',
        '/portal',
        '/team',
        '/legal',
        '/pricing',
        '/contact',
        '/comingsoon',
        '/waitlist',
        '/careers',
        '/checkout-success',
        '/tip',
        '/login',
        '/admin/login',
        '/admin/dashboard',
        '/admin/ScheduledSnapshot',
        '/terms',
        '/admin/lookup',
        '/admin/dashboard/invites',
        '/internal/sessionmanager',
        '/admin/cleaner-roster',
        '/admin/careers',
        '/admin/team',
        '/admin/requests',
        '/admin/cleaning',
        '/admin/plans',
        '/admin/money',
        '/cleaner',
      ].sort(),
    );
    expect(new Set(CLIENT_ROUTE_PATHS).size).toBe(CLIENT_ROUTE_PATHS.length);
  });

  it('puts every staff tool in the staff frame, and neither the staff sign-in nor a public page', () => {
    for (const path of ['/admin/dashboard', '/admin/ScheduledSnapshot', '/admin/lookup', '/admin/dashboard/invites', '/internal/sessionmanager', '/admin/cleaner-roster', '/admin/careers', '/admin/team', '/admin/requests', '/admin/requests/', '/admin/cleaning', '/admin/plans', '/admin/money']) {
      expect(isStaffAreaRoute(path), path).toBe(true);
    }
    for (const path of ['/admin/login', '/', '/portal', '/login', '/admin/scheduledsnapshot', '/admin/queues', '/cleaner']) expect(isStaffAreaRoute(path), path).toBe(false);
  });

  it('gives the cleaner\'s day a frame of its own, neither the staff frame nor the public site\'s', () => {
    expect(isCleanerAreaRoute('/cleaner')).toBe(true);
    expect(isCleanerAreaRoute('/cleaner/')).toBe(true);
    for (const path of ['/admin/dashboard', '/admin/cleaner-roster', '/', '/portal', '/Cleaner']) expect(isCleanerAreaRoute(path), path).toBe(false);
  });

  it('keeps sign-in, the portal, the staff area and the after-request pages out of search results, and no public page', () => {
    for (const path of ['/login', '/portal/', '/admin/login', '/admin/dashboard', '/admin/ScheduledSnapshot', '/internal/sessionmanager', '/booking/confirmation', '/checkout-success', '/cleaner']) {
      expect(isNotIndexedRoute(path), path).toBe(true);
    }
    for (const path of ['/', '/about', '/pricing', '/team', '/careers', '/legal', '/terms', '/contact', '/comingsoon', '/booking', '/waitlist']) {
      expect(isNotIndexedRoute(path), path).toBe(false);
    }
  });

  it('knows every listed path', () => {
    for (const path of CLIENT_ROUTE_PATHS) expect(isKnownClientRoute(path)).toBe(true);
  });

  it('tolerates one trailing slash', () => {
    expect(isKnownClientRoute('/about/')).toBe(true);
    expect(isKnownClientRoute('/admin/ScheduledSnapshot/')).toBe(true);
    expect(isKnownClientRoute('/about//')).toBe(false);
  });

  it('is case-sensitive', () => {
    expect(isKnownClientRoute(CLIENT_ROUTES.adminScheduledSnapshot)).toBe(true);
    expect(isKnownClientRoute('/admin/scheduledsnapshot')).toBe(false);
    expect(isKnownClientRoute('/About')).toBe(false);
  });

  it('rejects unknown, partial and nested paths', () => {
    for (const path of ['', '//', '/no-such-page', '/admin', '/about/team', '/booking/confirmation/x', 'about']) {
      expect(isKnownClientRoute(path)).toBe(false);
    }
  });

  it('does not treat a query string or fragment as part of a known path', () => {
    expect(isKnownClientRoute('/booking?service=x')).toBe(false);
    expect(isKnownClientRoute('/about#team')).toBe(false);
  });
});
