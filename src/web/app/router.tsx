import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { PUBLIC_ROUTE_PATTERNS, SCHOOL_ROUTE_PATTERNS } from '../../shared/routes.js';
import type { ScreenPath } from '../../shared/screens.js';
import { SCHOOL_ROUTE_ID } from '../components/layout/Layout.js';
import type { RouteHandle } from '../components/layout/PageBanner.js';
import type { PageHeadFunction } from '../lib/page-head.js';
import { requireSession } from './require-session.js';
import { PageErrorBoundary, RootErrorBoundary } from './routes/errors.js';
import NotFoundRoute from './routes/not-found.js';
import { RootLayout } from './routes/root.js';

/** What a lazily loaded route module exports. */
export interface RouteModule {
  default: ComponentType;
  /** Gets the app's QueryClient, so the loader can prefetch through it. */
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  /** A public page's head for search engines and previews, written by the server (page-head.ts). */
  head?: PageHeadFunction;
}

/**
 * Each screen's route module, by its path in the registry (shared/screens.ts), which gives
 * everything else about the screen. A registry path without a module here, or a module under a path
 * the registry does not have, fails to compile.
 */
const SCREEN_MODULES: { readonly [Path in ScreenPath]: () => Promise<RouteModule> } = {
  // The public site (docs/contract/product.md#public-routes).
  '/': () => import('./routes/public/home.js'),
  '/about': () => import('./routes/public/about.js'),
  '/class': () => import('./routes/public/classes.js'),
  '/teacher': () => import('./routes/public/teachers.js'),
  '/gallery': () => import('./routes/public/gallery.js'),
  '/blog': () => import('./routes/public/blog.js'),
  '/blogdetail': () => import('./routes/public/blog-detail.js'),
  '/contact': () => import('./routes/public/contact.js'),
  '/registation': () => import('./routes/public/registration.js'),
  '/login': () => import('./routes/public/login.js'),
  '/forgot-password': () => import('./routes/public/forgot-password.js'),
  '/reset-password': () => import('./routes/public/reset-password.js'),
  '/newsletter/confirm': () => import('./routes/public/newsletter-confirm.js'),
  '/newsletter/unsubscribe': () => import('./routes/public/newsletter-unsubscribe.js'),
  '/setup': () => import('./routes/public/setup.js'),
  '/offer': () => import('./routes/public/admission-reply.js'),
  '/apply': () => import('./routes/public/admission-apply.js'),
  // The school area (docs/contract/product.md#school-routes).
  '/dashboard': () => import('./routes/school/dashboard.js'),
  '/profile': () => import('./routes/school/profile.js'),
  '/student-class': () => import('./routes/school/student-class.js'),
  '/exam': () => import('./routes/school/exam.js'),
  '/results': () => import('./routes/school/results.js'),
  '/notification': () => import('./routes/school/notification.js'),
  '/teacher-class': () => import('./routes/school/teacher-class.js'),
  '/student-profile/:id': () => import('./routes/school/student-profile.js'),
  '/studentresult/:id': () => import('./routes/school/studentresult.js'),
  '/exams': () => import('./routes/school/exams.js'),
  '/final-results': () => import('./routes/school/final-results.js'),
  '/result-summary/:id': () => import('./routes/school/result-summary.js'),
  '/schedule': () => import('./routes/school/schedule.js'),
  '/schedule-summary': () => import('./routes/school/schedule-summary.js'),
  '/classwise-student': () => import('./routes/school/classwise-student.js'),
  '/student-list/:id': () => import('./routes/school/student-list.js'),
  '/student-attendence': () => import('./routes/school/student-attendance.js'),
  '/student-attendence/:id': () => import('./routes/school/student-attendance-history.js'),
  '/attendance-report': () => import('./routes/school/attendance-report.js'),
  '/attendence': () => import('./routes/school/attendance.js'),
  '/payment': () => import('./routes/school/payment.js'),
  '/fees': () => import('./routes/school/fees.js'),
  '/approvals': () => import('./routes/school/approvals.js'),
  '/website': () => import('./routes/school/website.js'),
  '/inbox': () => import('./routes/school/inbox.js'),
  '/marks': () => import('./routes/school/marks.js'),
  '/send-notification': () => import('./routes/school/send-notification.js'),
  '/school-setup': () => import('./routes/school/school-setup.js'),
  '/import-pupils': () => import('./routes/school/import-pupils.js'),
  '/mark-history/:id': () => import('./routes/school/mark-history.js'),
  '/care/:id': () => import('./routes/school/care.js'),
  '/dashboard/children/:id/day': () => import('./routes/school/child-day.js'),
  '/today': () => import('./routes/school/today.js'),
  '/guardians': () => import('./routes/school/guardians.js'),
  '/outbox': () => import('./routes/school/outbox.js'),
  '/newsletters': () => import('./routes/school/newsletters.js'),
  '/blog-comments': () => import('./routes/school/blog-comments.js'),
  '/words': () => import('./routes/school/words.js'),
  '/rollover': () => import('./routes/school/rollover.js'),
  '/retention': () => import('./routes/school/retention.js'),
  '/past-years/:id': () => import('./routes/school/past-years.js'),
  '/photos': () => import('./routes/school/photos.js'),
  '/conversations': () => import('./routes/school/conversations.js'),
  '/conversations/:id': () => import('./routes/school/conversation.js'),
  '/notification-settings': () => import('./routes/school/notification-settings.js'),
  // docs/decisions/0108-two-factor-for-staff.md
  '/security': () => import('./routes/school/security.js'),
  '/school-years': () => import('./routes/school/school-years.js'),
  '/calendar': () => import('./routes/school/calendar.js'),
  '/report-card-comments': () => import('./routes/school/report-card-comments.js'),
  '/report-cards-review': () => import('./routes/school/report-cards-review.js'),
  '/report-cards': () => import('./routes/school/report-cards.js'),
  '/school-forms': () => import('./routes/school/school-forms.js'),
  '/admissions': () => import('./routes/school/admissions.js'),
};

/** The router's pages, in the registry's order. */
export const publicRoutePaths: readonly ScreenPath[] = PUBLIC_ROUTE_PATTERNS;
export const schoolRoutePaths: readonly ScreenPath[] = SCHOOL_ROUTE_PATTERNS;

const NOT_FOUND_HANDLE: RouteHandle = { notFound: true };

/** The school area's styles, fetched with its first screen (school-styles.ts). */
const loadSchoolStyles = () => import('./school-styles.js');

function toRoute(path: ScreenPath, queryClient: QueryClient, school = false): RouteObject {
  const lazy = async () => {
    const [{ default: Component, clientLoader, head }] = await Promise.all([
      SCREEN_MODULES[path](),
      school ? loadSchoolStyles() : undefined,
    ]);
    return {
      Component,
      ...(clientLoader ? { loader: clientLoader(queryClient) } : {}),
      ...(head ? { handle: { head } } : {}),
    };
  };
  return path === '/' ? { index: true, lazy } : { path, lazy };
}

/** While the first page's code and data load, the frame shows with an empty page area. */
function PageFallback() {
  return <div className="page-fallback" aria-hidden="true" />;
}

/**
 * Every route of the app. Pages load lazily, so the school area's code is only fetched by those who
 * use it. Every authenticated page sits under one parent whose loader checks the session.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          id: 'page',
          ErrorBoundary: PageErrorBoundary,
          HydrateFallback: PageFallback,
          children: [
            ...publicRoutePaths.map((path) => toRoute(path, queryClient)),
            {
              id: SCHOOL_ROUTE_ID,
              loader: requireSession,
              // Check on every navigation, not only on entering the school area.
              shouldRevalidate: () => true,
              children: schoolRoutePaths.map((path) => toRoute(path, queryClient, true)),
            },
            { path: '*', Component: NotFoundRoute, handle: NOT_FOUND_HANDLE },
          ],
        },
      ],
    },
  ];
}

/** The browser's router: the app renders its first page itself (the islands entry, site.tsx, serves the others). */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
