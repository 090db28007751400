import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ChildForNavigation, schoolNavigationOf } from '../src/shared/app-navigation.js';
import { SCHOOL_TYPES, USER_TYPE, type UserType } from '../src/shared/constants.js';
import { placeFileName, SCREENSHOT_WIDTHS, screenshotPlaces } from './screenshot-places.mjs';

const CHILDREN: ChildForNavigation[] = [
  { studentId: 18, studentName: 'Aisha Rahman', classId: 2, className: 'Class 2' },
  { studentId: 41, studentName: 'Yusuf Rahman', classId: null, className: null },
];

/** Every href the navigation shows anywhere: the bar, the side navigation, the More menu. */
const hrefsOf = (type: UserType, children: ChildForNavigation[] = []) => {
  const navigation = schoolNavigationOf(type, children);
  return new Set([...navigation.bar, ...navigation.sections.flatMap((s) => s.places)].map((p) => p.href));
};

describe('the places `npm run screenshots` takes (scripts/screenshot-places.mjs)', () => {
  it.each(SCHOOL_TYPES)('takes every place of the %s navigation, each once', (type) => {
    const children = type === USER_TYPE.parent ? CHILDREN : [];
    const places = screenshotPlaces(schoolNavigationOf, type, children);
    expect(new Set(places.map((place) => place.href))).toEqual(hrefsOf(type, children));
    expect(places).toHaveLength(new Set(places.map((place) => place.href)).size);
    // One file per place: no two places write over each other's screenshots.
    expect(new Set(places.map((place) => place.file)).size).toBe(places.length);
    expect(places[0]?.href).toBe('/dashboard');
  });

  it("takes a parent's children's pages, named by the child they are about", () => {
    const places = screenshotPlaces(schoolNavigationOf, USER_TYPE.parent, CHILDREN);
    expect(places).toContainEqual({
      href: '/care/41',
      label: 'Care details',
      section: 'Yusuf Rahman',
      file: 'care-41',
    });
    expect(places).toContainEqual(
      expect.objectContaining({ href: '/schedule-summary?classId=2', file: 'schedule-summary-classId-2' }),
    );
    // Without children, a parent has only their own places.
    expect(screenshotPlaces(schoolNavigationOf, USER_TYPE.parent).map((p) => p.href)).toEqual([
      '/dashboard',
      '/notification',
      '/fees',
      '/calendar',
      '/school-forms',
    ]);
  });

  it("gives a principal's places the dashboard's group they are in", () => {
    const places = screenshotPlaces(schoolNavigationOf, USER_TYPE.principal);
    const outbox = places.find((place) => place.href === '/outbox');
    expect(outbox?.section).toEqual(expect.any(String));
    expect(places.find((place) => place.href === '/dashboard')?.section).toBeUndefined();
  });

  it('names files by path and query, and takes a phone and a desktop', () => {
    expect(placeFileName('/dashboard')).toBe('dashboard');
    expect(placeFileName('/student-attendence/18')).toBe('student-attendence-18');
    expect(placeFileName('/')).toBe('home');
    expect(SCREENSHOT_WIDTHS).toEqual([375, 1280]);
  });

  it('the script reads the navigation as built from src/shared/app-navigation.ts, not a list of its own', () => {
    const script = fs.readFileSync(new URL('./screenshots.mjs', import.meta.url), 'utf8');
    expect(script).toContain("fromBuild('shared/app-navigation.js')");
    expect(script).toContain('screenshotPlaces(schoolNavigationOf, type, children)');
  });
});
