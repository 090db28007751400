import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SCHOOL_TYPES } from '../../shared/constants.js';
import { isAppPath, SCHOOL_ROUTE_PATTERNS } from '../../shared/routes.js';
import { bannerTitleFor, linkTo, mayOpen, SCREEN_ENTRIES, tileEntriesOf } from '../../shared/screens.js';
import { dashboardTilesFor, tileLook } from '../features/accounts/lib/tiles.js';
import { createRoutes } from './router.js';

/** Every page path the router has, `/` for the index route. */
function routedPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' && route.path !== '/' ? [route.path] : []),
    ...routedPaths(route.children ?? []),
  ]);
}

/** The guarded part of the router: the children of the route whose loader checks the session. */
function guardedPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) =>
    route.id === 'school' ? routedPaths(route.children ?? []) : guardedPaths(route.children ?? []),
  );
}

const concrete = (pattern: string): string => pattern.replace(/:[a-z]+/gi, '12');

describe('the screen registry (shared/screens.ts)', () => {
  const routes = createRoutes({} as QueryClient);

  it('is what the router routes, each screen once, the signed-in ones behind the session check', () => {
    const registered = SCREEN_ENTRIES.map((entry) => entry.path);
    expect(new Set(registered).size).toBe(registered.length);
    expect(routedPaths(routes)).toEqual(registered);
    expect(guardedPaths(routes)).toEqual(
      SCREEN_ENTRIES.filter((entry) => entry.who !== 'everyone').map((entry) => entry.path),
    );
    expect(guardedPaths(routes)).toEqual([...SCHOOL_ROUTE_PATTERNS]);
  });

  it('gives every screen the banner title of its entry, and the server answers its path', () => {
    for (const entry of SCREEN_ENTRIES) {
      expect(bannerTitleFor(concrete(entry.path)), entry.path).toBe(entry.title);
      expect(isAppPath(concrete(entry.path)), entry.path).toBe(true);
    }
  });

  it.each(SCHOOL_TYPES)(
    'gives the %s dashboard its tiles in order, each to a screen the type may open',
    (type) => {
      const tiles = tileEntriesOf(type);
      expect(tiles.map((tile) => tile.order)).toEqual(tiles.map((_tile, index) => index + 1));
      for (const tile of tiles) {
        expect(mayOpen(type, tile.path), `${type} may open ${tile.path}`).toBe(true);
        expect(tileLook(tile.label)).toEqual({ icon: tile.icon, blurb: tile.blurb });
      }
      expect(dashboardTilesFor(type)).toEqual(tiles.map(({ label, path }) => ({ label, path })));
    },
  );

  it('lets only the stated types open a screen', () => {
    expect(mayOpen('Parent', '/profile')).toBe(true);
    expect(mayOpen('Parent', '/notification')).toBe(true);
    expect(mayOpen('Parent', '/care/:id')).toBe(true);
    expect(mayOpen('Parent', '/marks')).toBe(false);
    expect(mayOpen('Student', '/care/:id')).toBe(false);
    expect(mayOpen('Teacher', '/approvals')).toBe(false);
    expect(mayOpen('Principle', '/approvals')).toBe(true);
    expect(mayOpen('Student', '/marks')).toBe(false);
  });

  it('builds links by filling in the path segments', () => {
    expect(linkTo('/registation')).toBe('/registation');
    expect(linkTo('/mark-history/:id', 7)).toBe('/mark-history/7');
  });

  it('gives the "New school year" tile an icon of its own among the principal’s tiles', () => {
    const tiles = tileEntriesOf('Principle');
    const rollover = tiles.find((tile) => tile.path === '/rollover');
    expect(rollover?.icon).toBe('mortarboard');
    expect(tiles.filter((tile) => tile.icon === rollover?.icon).map((tile) => tile.path)).toEqual([
      '/rollover',
    ]);
  });
});
