import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import type { RouteHandle } from '../components/layout/PageBanner.js';
import { requireSession } from './require-session.js';
import { PageErrorBoundary, RootErrorBoundary } from './routes/errors.js';
import NotFoundRoute from './routes/not-found.js';
import { RootLayout } from './routes/root.js';

/** What a lazily loaded route module exports. */
export interface RouteModule {
  default: ComponentType;
  /** Gets the app's QueryClient, so the loader can prefetch through it. */
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

interface PageDefinition {
  path: string;
  load: () => Promise<RouteModule>;
}

/** docs/contract/product.md#public-routes. */
const PUBLIC_PAGES: readonly PageDefinition[] = [
  { path: '/', load: () => import('./routes/public/home.js') },
  { path: '/about', load: () => import('./routes/public/about.js') },
  { path: '/class', load: () => import('./routes/public/classes.js') },
  { path: '/teacher', load: () => import('./routes/public/teachers.js') },
  { path: '/gallery', load: () => import('./routes/public/gallery.js') },
  { path: '/blog', load: () => import('./routes/public/blog.js') },
  { path: '/blogdetail', load: () => import('./routes/public/blog-detail.js') },
  { path: '/contact', load: () => import('./routes/public/contact.js') },
  { path: '/registation', load: () => import('./routes/public/registration.js') },
  { path: '/login', load: () => import('./routes/public/login.js') },
];

/**
 * docs/contract/product.md#school-routes plus the screens of docs/contract/fixes-and-gaps.md#fix-4,
 * docs/contract/fixes-and-gaps.md#fix-5 and docs/contract/fixes-and-gaps.md#fix-9 (SCHOOL_ROUTE_PREFIXES).
 */
const SCHOOL_PAGES: readonly PageDefinition[] = [
  { path: '/dashboard', load: () => import('./routes/school/dashboard.js') },
  { path: '/profile', load: () => import('./routes/school/profile.js') },
  { path: '/student-class', load: () => import('./routes/school/student-class.js') },
  { path: '/exam', load: () => import('./routes/school/exam.js') },
  { path: '/results', load: () => import('./routes/school/results.js') },
  { path: '/notification', load: () => import('./routes/school/notification.js') },
  { path: '/teacher-class', load: () => import('./routes/school/teacher-class.js') },
  { path: '/student-profile/:id', load: () => import('./routes/school/student-profile.js') },
  { path: '/studentresult/:id', load: () => import('./routes/school/studentresult.js') },
  { path: '/exams', load: () => import('./routes/school/exams.js') },
  { path: '/final-results', load: () => import('./routes/school/final-results.js') },
  { path: '/result-summary/:id', load: () => import('./routes/school/result-summary.js') },
  { path: '/schedule', load: () => import('./routes/school/schedule.js') },
  { path: '/schedule-summary', load: () => import('./routes/school/schedule-summary.js') },
  { path: '/classwise-student', load: () => import('./routes/school/classwise-student.js') },
  { path: '/student-list/:id', load: () => import('./routes/school/student-list.js') },
  { path: '/student-attendence', load: () => import('./routes/school/student-attendence.js') },
  {
    path: '/student-attendence/:id',
    load: () => import('./routes/school/student-attendance-history.js'),
  },
  { path: '/attendance-report', load: () => import('./routes/school/attendance-report.js') },
  { path: '/attendence', load: () => import('./routes/school/attendence.js') },
  { path: '/payment', load: () => import('./routes/school/payment.js') },
  { path: '/approvals', load: () => import('./routes/school/approvals.js') },
  { path: '/website', load: () => import('./routes/school/website.js') },
  { path: '/inbox', load: () => import('./routes/school/inbox.js') },
  { path: '/marks', load: () => import('./routes/school/marks.js') },
  { path: '/send-notification', load: () => import('./routes/school/send-notification.js') },
  { path: '/school-setup', load: () => import('./routes/school/school-setup.js') },
  { path: '/import-pupils', load: () => import('./routes/school/import-pupils.js') },
  { path: '/mark-history/:id', load: () => import('./routes/school/mark-history.js') },
];

export const publicRoutePaths = PUBLIC_PAGES.map((page) => page.path);
export const schoolRoutePaths = SCHOOL_PAGES.map((page) => page.path);

const NOT_FOUND_HANDLE: RouteHandle = { notFound: true };

function toRoute(page: PageDefinition, queryClient: QueryClient): RouteObject {
  const lazy = async () => {
    const { default: Component, clientLoader } = await page.load();
    return clientLoader ? { Component, loader: clientLoader(queryClient) } : { Component };
  };
  return page.path === '/' ? { index: true, lazy } : { path: page.path, lazy };
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
            ...PUBLIC_PAGES.map((page) => toRoute(page, queryClient)),
            {
              id: 'school',
              loader: requireSession,
              // Check on every navigation, not only on entering the school area.
              shouldRevalidate: () => true,
              children: SCHOOL_PAGES.map((page) => toRoute(page, queryClient)),
            },
            { path: '*', Component: NotFoundRoute, handle: NOT_FOUND_HANDLE },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
