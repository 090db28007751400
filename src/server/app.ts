import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { COMMON_ERROR_CODES } from '../shared/api/error-codes.js';
import { SESSION_COOKIE } from '../shared/constants.js';
import { type Locale, PSEUDO_LOCALE } from '../shared/i18n/locales.js';
import {
  isServerRenderedPath,
  type PageRenderer,
  PREFIXED_PAGE_PATHS,
  SERVER_RENDERED_PATHS,
  splitPagePath,
} from '../shared/page-rendering.js';
import { isAppPath } from '../shared/routes.js';
import type { Config } from './config.js';
import type { Db } from './db/connect.js';
import { accessLogRoutes } from './features/access-log/access-log.routes.js';
import { admissionsRoutes } from './features/admissions/admissions.routes.js';
import { applicationRoutes } from './features/admissions/application.routes.js';
import { alertsRoutes } from './features/alerts/alerts.routes.js';
import { appManifestRoutes } from './features/alerts/app-manifest.routes.js';
import { attendanceRoutes } from './features/attendance/attendance.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { passwordResetRoutes } from './features/auth/password-reset.routes.js';
import { findSessionUser, isWellFormedToken } from './features/auth/session.js';
import { backupRoutes } from './features/backup/backup.routes.js';
import { BackupScheduler } from './features/backup/scheduler.js';
import { blogCommentFormPostRoutes } from './features/blog-comments/blog-comment-form-post.routes.js';
import { blogCommentsRoutes } from './features/blog-comments/blog-comments.routes.js';
import { calendarRoutes } from './features/calendar/calendar.routes.js';
import { careRoutes } from './features/care/care.routes.js';
import { catalogRoutes } from './features/catalog/catalog.routes.js';
import { consentsRoutes } from './features/consents/consents.routes.js';
import { contentAdminRoutes } from './features/content/content.admin.routes.js';
import { contentRoutes } from './features/content/content.routes.js';
import { conversationsRoutes } from './features/conversations/conversations.routes.js';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js';
import { dayLogRoutes } from './features/day-log/day-log.routes.js';
import { examsRoutes } from './features/exams/exams.routes.js';
import { familyRoutes } from './features/family/family.routes.js';
import { familyExportRoutes } from './features/family-export/family-export.routes.js';
import { paymentsRoutes } from './features/fees/payments.routes.js';
import { plansRoutes } from './features/fees/plans.routes.js';
import { feeReportsRoutes } from './features/fees/reports.routes.js';
import { studentFeesRoutes } from './features/fees/student-fees.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { contactFormPostRoutes } from './features/inbox/contact-form-post.routes.js';
import { formsRoutes } from './features/inbox/forms.routes.js';
import { inboxRoutes } from './features/inbox/inbox.routes.js';
import { eventsRoutes } from './features/live/events.routes.js';
import { outboxRoutes } from './features/mail/outbox.routes.js';
import { MailSender, type SenderOptions } from './features/mail/sender.js';
import { type MailTransport, smtpTransport } from './features/mail/transport.js';
import { marksRoutes } from './features/marks/marks.routes.js';
import { mediaRoutes } from './features/media/media.routes.js';
import { newsletterRoutes } from './features/newsletter/newsletter.routes.js';
import { newsletterFormPostRoutes } from './features/newsletter/newsletter-form-post.routes.js';
import { notificationsRoutes } from './features/notifications/notifications.routes.js';
import { renderIndexPage } from './features/pages/index-page.js';
import { inlineStylesheets } from './features/pages/inline-stylesheets.js';
import { pagesRoutes } from './features/pages/pages.routes.js';
import { loadPageRenderer, ServerPages } from './features/pages/server-pages.js';
import { photoMomentRoutes } from './features/photo-moments/photo-moments.routes.js';
import { pupilsRoutes } from './features/pupils/pupils.routes.js';
import { reportCardsRoutes } from './features/report-cards/report-cards.routes.js';
import { retentionRoutes } from './features/retention/retention.routes.js';
import { rolloverRoutes } from './features/rollover/rollover.routes.js';
import { schoolFormsRoutes } from './features/school-forms/school-forms.routes.js';
import { schoolYearsRoutes } from './features/school-years/school-years.routes.js';
import {
  readSettings,
  type SchoolLanguages,
  schoolLanguages,
  userLocale,
} from './features/settings/settings.repository.js';
import { settingsRoutes } from './features/settings/settings.routes.js';
import { setupRoutes } from './features/setup/setup.routes.js';
import { setupGatePlugin } from './features/setup/setup-gate.js';
import { signInProviderRoutes } from './features/single-sign-on/sign-in-provider.routes.js';
import { singleSignOnRoutes } from './features/single-sign-on/single-sign-on.routes.js';
import { timetableRoutes } from './features/timetable/timetable.routes.js';
import { twoFactorRoutes } from './features/two-factor/two-factor.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { wordsRoutes } from './features/words/words.routes.js';
import { answerSerializerCompiler } from './lib/answer-serializer.js';
import { sendCachedAnswer } from './lib/cached-answer.js';
import { HttpError } from './lib/errors.js';
import { createFileStore } from './lib/file-store/create-file-store.js';
import type { FileStore } from './lib/file-store/file-store.js';
import { storedFilesRoutes } from './lib/file-store/stored-files.routes.js';
import { appMessagesFor, requestedLocale, wantsPseudoLocale } from './lib/i18n.js';
import { refreshSchoolWords } from './lib/school-words.js';
import { createSignals, PgSignals, type Signals } from './lib/signals.js';
import { validatorCompiler } from './lib/validator.js';
import { answerVersionsPlugin } from './plugins/answer-versions.js';
import { authPlugin } from './plugins/auth.js';
import { clientGonePlugin } from './plugins/client-gone.js';
import { contentVersionPlugin } from './plugins/content-version.js';
import { drainPlugin } from './plugins/drain.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { requestIdOf, requestIdPlugin } from './plugins/request-id.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { schoolWordsPlugin } from './plugins/school-words.js';
import { slowBodiesPlugin } from './plugins/slow-bodies.js';
import { uploadsPlugin } from './plugins/uploads.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Every route as registered (method and full path), for the route-walk test and tooling. */
    routeCatalog: RouteEntry[];
    /** Where stored files live (uploaded pictures): FILE_STORE's disk folder or database table. */
    files: FileStore;
    /** Sends the outbox's mail; undefined without SMTP_URL (mail then waits in the outbox). */
    mailSender: MailSender | undefined;
    /** Scheduled backups (BACKUP_EVERY_HOURS); runs only when an interval is set. */
    backupScheduler: BackupScheduler;
    /**
     * The public pages rendered on the server, set once the web app's files are registered; undefined
     * without a build. The website editor's preview renders with it too.
     */
    serverPages: ServerPages | undefined;
    /** What this process tells the others and hears from them (lib/signals.ts). */
    signals: Signals;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
}

export interface BuildAppOptions {
  /** An open, migrated database; the app owns it from here and closes it on `app.close()`. */
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Instead of SMTP_URL's (tests of failures). */
  mailTransport?: MailTransport;
  /**
   * Renders the public pages instead of the build's dist/ssr bundle (tests render with the source,
   * src/web/entry-server.tsx). Only used when the web app is built (an index.html to write into).
   */
  pageRenderer?: PageRenderer;
  mailSenderOptions?: SenderOptions;
  /** Instead of the store FILE_STORE names (tests share one between two apps, or look inside it). */
  files?: FileStore;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The browser features no page of ours uses, switched off for every answer (helmet 8 has no
 * Permissions-Policy), so that an injected script or a framed page cannot ask for them either.
 * Picking a pick-up photo with the phone's camera is a file input, which no policy governs; the
 * gallery's lightbox does not go full screen. Only names Chromium knows: an unknown one is a console
 * warning on every page (bluetooth and web-share are unknown to some builds).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Where `vite build` puts the React app, from the compiled server or from the source tree. */
function defaultWebDist(): string {
  const compiled = path.resolve(here, '../../web');
  const fromSource = path.resolve(here, '../../dist/web');
  return fs.existsSync(path.join(compiled, 'index.html')) ? compiled : fromSource;
}

/**
 * The whole product in one Fastify instance: the API under /api, stored images under /uploads and
 * the React app for every other path. External plugins first, then ours, then the feature routes.
 */
export async function buildApp(config: Config, options: BuildAppOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? { level: config.logLevel },
    // Fastify's two lines per request give way to our one, without the probes (request-log.ts);
    // failures are logged by our error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Every log line of a request carries its id, the load balancer's when it sent a sane one.
    genReqId: requestIdOf,
    // Behind a reverse proxy the client address comes from X-Forwarded-For (rate limits use it),
    // but only through the configured number of hops.
    trustProxy:
      config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    bodyLimit: 1024 * 1024,
    // Slow clients (docs/decisions/0010-shutdown-and-timeouts.md; a trickling body: slowBodiesPlugin).
    requestTimeout: config.timeouts.request,
    keepAliveTimeout: config.timeouts.keepAlive,
    connectionTimeout: config.timeouts.connection,
    http: {
      headersTimeout: config.timeouts.headers,
      requestTimeout: config.timeouts.request,
      // Node checks the two timeouts above on this beat; its default, 30 s, would double the first.
      connectionsCheckingInterval: 1_000,
    },
  };
  const app = Fastify(serverOptions);
  app.decorate('config', config);
  app.decorate('db', options.db);
  app.decorate('files', options.files ?? createFileStore(config, options.db));
  // Before any route: the onRoute hook sees every route of every plugin registered after it.
  const routeCatalog: RouteEntry[] = [];
  app.decorate('routeCatalog', routeCatalog);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeCatalog.push({ method, url: route.url });
  });
  // Mail (docs/decisions/0022-email-outbox.md): sent from the outbox in the background, when there
  // is an SMTP server to send to.
  const transport =
    options.mailTransport ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined);
  const mailSender = transport
    ? new MailSender(options.db, config.mail, transport, app.log, options.mailSenderOptions)
    : undefined;
  app.decorate('mailSender', mailSender);
  // Scheduled backups (docs/decisions/0033-backup-and-restore.md): once per slot across processes.
  const backupScheduler = new BackupScheduler(
    options.db,
    { database: config.database, files: app.files },
    config.backup,
    app.log,
  );
  app.decorate('backupScheduler', backupScheduler);
  app.decorate('serverPages', undefined);
  // In memory on SQLite, LISTEN/NOTIFY on PostgreSQL; listening before any plugin keeps by it.
  const signals = createSignals(config.database, options.db, app.log);
  if (signals instanceof PgSignals) await signals.start();
  app.decorate('signals', signals);
  app.addHook('onReady', async () => {
    if (mailSender && config.mail.pollMs > 0) mailSender.start(config.mail.pollMs);
    backupScheduler.start();
  });
  app.addHook('onClose', async () => {
    // The mail in hand goes out (or keeps its claim) before the database closes; so does a backup.
    await mailSender?.stop();
    await backupScheduler.stop();
    await app.signals.close();
    await options.db.destroy();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  // Before the content cache's early answers, which carry the request's id too.
  await app.register(requestIdPlugin);
  await app.register(requestLogPlugin);
  // The public site's data version and the public answers kept by it: first, so that its request
  // hook answers a kept answer before every other hook (docs/decisions/0027-content-cache.md).
  await app.register(contentVersionPlugin);
  // The school's own words as of the request, for every text it may show (docs/decisions/0065-the-schools-own-words.md).
  await app.register(schoolWordsPlugin);
  // Before the routes: the versions the child's day's kept answers are made at, and the marks of
  // writing requests (docs/decisions/0084-kept-answers-of-the-day.md).
  await app.register(answerVersionsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin images only; the uploads must still load in <img> from our own pages.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
  // First of our hooks: a request whose client has already gone goes no further.
  await app.register(clientGonePlugin);
  // Counted in the database, so that the limits hold across server processes and restarts.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(options.db) });
  await app.register(uploadsPlugin);
  // Answers above 1 KB go compressed to browsers that accept it (JSON lists, the OpenAPI document,
  // index.html); built assets have brotli/gzip copies made at build time (preCompressed below).
  // Compressed request bodies are refused, not inflated: a small upload must not unpack to gigabytes.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4: most of brotli's gain at a fraction of its top level's time, on every answer.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(errorHandlerPlugin);
  await app.register(drainPlugin);
  await app.register(slowBodiesPlugin);
  // A real school's first start: only the set-up page until its principal is made (docs/decisions/0041-first-start-of-a-real-school.md).
  await app.register(setupGatePlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Schoolyard API',
        description: 'The public content, accounts and school-management calls of Schoolyard.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin, { findSessionUser });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(setupRoutes);
      await api.register(contentRoutes);
      await api.register(authRoutes);
      await api.register(passwordResetRoutes);
      await api.register(singleSignOnRoutes);
      // The principal's sign-in provider (docs/decisions/0114-the-principal-sets-the-sign-in-provider.md).
      await api.register(signInProviderRoutes);
      // Two-factor for staff (docs/decisions/0108-two-factor-for-staff.md).
      await api.register(twoFactorRoutes);
      await api.register(usersRoutes);
      // The school area, by subject (record-level rules: features/school/school.policy.ts).
      await api.register(catalogRoutes);
      await api.register(schoolYearsRoutes);
      await api.register(rolloverRoutes);
      // Retention and erasure (docs/decisions/0110-retention-and-erasure.md).
      await api.register(retentionRoutes);
      // Seats and admissions (docs/decisions/0101-seats-that-mean-something.md).
      await api.register(admissionsRoutes);
      // The application families fill in (docs/decisions/0103-the-application-families-fill-in.md).
      await api.register(applicationRoutes);
      await api.register(timetableRoutes);
      await api.register(examsRoutes);
      await api.register(marksRoutes);
      await api.register(attendanceRoutes);
      await api.register(notificationsRoutes);
      await api.register(pupilsRoutes);
      await api.register(familyRoutes);
      // Families: care details and the day's register (docs/decisions/0021-families.md).
      await api.register(careRoutes);
      // A child's consents as a ledger (docs/decisions/0111-consent-as-a-ledger.md).
      await api.register(consentsRoutes);
      await api.register(accessLogRoutes);
      // A family's data, on request (docs/decisions/0109-a-familys-data-on-request.md).
      await api.register(familyExportRoutes);
      // The school calendar and its feeds (docs/decisions/0086-the-school-calendar.md).
      await api.register(calendarRoutes);
      // Report cards (docs/decisions/0090-report-cards.md).
      await api.register(reportCardsRoutes);
      // Forms and permission slips (docs/decisions/0099-forms-and-permission-slips.md)
      await api.register(schoolFormsRoutes);
      await api.register(contentAdminRoutes);
      await api.register(mediaRoutes);
      await api.register(formsRoutes);
      await api.register(inboxRoutes);
      // Blog comments, approved by the principal before the site shows them (docs/decisions/0049-blog-comments.md).
      await api.register(blogCommentsRoutes);
      // The newsletter's double opt-in, unsubscribe links and sending (docs/decisions/0025-newsletter.md).
      await api.register(newsletterRoutes);
      await api.register(settingsRoutes);
      // The principal's Outbox and mail settings (docs/decisions/0022-email-outbox.md).
      await api.register(outboxRoutes);
      // Backups: the principal's download and the scheduled backups' last result.
      await api.register(backupRoutes);
      // Fees (docs/decisions/0026-fees.md): plans and invoices, a pupil's fees, payments and receipts, reports.
      await api.register(plansRoutes);
      await api.register(studentFeesRoutes);
      await api.register(paymentsRoutes);
      await api.register(feeReportsRoutes);
      // The staff's home: today and what waits (docs/decisions/0052-dashboards-that-say-what-needs-doing.md).
      await api.register(dashboardRoutes);
      // The school's own words for any text (docs/decisions/0065-the-schools-own-words.md).
      await api.register(wordsRoutes);
      // Photo moments governed by consent (docs/decisions/0079-photo-consent.md).
      await api.register(photoMomentRoutes);
      // The daily log and the child's day (docs/decisions/0078-the-daily-log.md).
      await api.register(dayLogRoutes);
      // Messages between home and school (docs/decisions/0080-conversations.md).
      await api.register(conversationsRoutes);
      // The school area's live events and alerts outside the app (docs/decisions/0081-push-and-live.md).
      await api.register(eventsRoutes);
      await api.register(alertsRoutes);
    },
    { prefix: '/api' },
  );
  // The public forms as plain HTML forms, for pages without JavaScript (docs/decisions/0029-forms-without-javascript.md).
  await app.register(contactFormPostRoutes);
  await app.register(newsletterFormPostRoutes);
  await app.register(blogCommentFormPostRoutes);

  // Search engines' files at the site's root (robots.txt, sitemap.xml).
  await app.register(pagesRoutes);
  // The installable app's manifest and icons (docs/decisions/0081-push-and-live.md).
  await app.register(appManifestRoutes);
  await registerStaticFiles(app, config, options.pageRenderer);
  return app;
}

async function registerStaticFiles(
  app: FastifyInstance,
  config: Config,
  pageRenderer: PageRenderer | undefined,
): Promise<void> {
  // Stored files (uploaded pictures) from the app's FileStore, whichever store keeps them.
  await app.register(storedFilesRoutes, { prefix: '/uploads' });

  const webDist = config.webDistDir ?? defaultWebDist();
  const indexHtml = path.join(webDist, 'index.html');
  const webBuilt = fs.existsSync(indexHtml);
  // Read once, its stylesheet written in: each page gets it with the school's title, description and
  // settings filled in.
  const indexTemplate = webBuilt ? inlineStylesheets(fs.readFileSync(indexHtml, 'utf8'), webDist) : '';
  // The public pages' template, whose script hydrates only their islands
  // (docs/decisions/0042-react-islands.md); a build without it renders them with the app's.
  const siteHtml = path.join(webDist, 'site.html');
  const siteTemplate =
    webBuilt && fs.existsSync(siteHtml)
      ? inlineStylesheets(fs.readFileSync(siteHtml, 'utf8'), webDist)
      : indexTemplate;
  // The public pages rendered on the server, when the build made its rendering bundle (dist/ssr).
  const renderer = webBuilt
    ? (pageRenderer ?? (await loadPageRenderer(path.join(webDist, '..', 'ssr', 'entry-server.js'))))
    : undefined;
  const serverPages = renderer
    ? new ServerPages(
        app.contentVersion,
        app.keptAnswers,
        renderer,
        siteTemplate,
        config.mail.publicUrl,
        app.log,
        // A page kept under a content version is rendered with the school's words of that version.
        (version) => refreshSchoolWords(app.db, version),
      )
    : undefined;
  app.serverPages = serverPages;
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The .br and .gz copies of scripts/precompress.mjs, to browsers that accept them.
      preCompressed: true,
      // Hashed assets never change; index.html and the rest must be checked again.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same path answers brotli, gzip or plain bytes: caches on the way must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  /**
   * A page of the app: the public pages rendered on the server where the build allows, every other
   * page as the app's index.html for the browser to render; a path that is no page of the app says
   * so with its status too (search engines, link checkers).
   */
  /**
   * The language of a page the browser renders (the school area, the one-time link pages): the
   * signed-in user's, by the session cookie the app keeps; else the visitor's browser's among the
   * school's languages; else the school's default.
   */
  const appPageLocale = async (request: FastifyRequest, school: SchoolLanguages): Promise<Locale> => {
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const user = token && isWellFormedToken(token) ? await findSessionUser(app.db, token) : undefined;
    if (user) return userLocale(app.db, user.id);
    return requestedLocale(request, school.languages, school.language);
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const localized = splitPagePath(url);
    const school = await schoolLanguages(app.db);
    // `/fr/about` is a page while the school offers French and its default is another language.
    const offered = localized.locale === undefined || school.languages.includes(localized.locale);
    const status = isAppPath(localized.path) && offered ? 200 : 404;
    if (!webBuilt) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    if (localized.locale === school.language) {
      // The default language's addresses have no prefix.
      return reply.redirect(`${localized.path}${request.url.slice(url.length)}`, 301);
    }
    // A test's walk of every screen in the pseudo-locale (PSEUDO_LOCALE only).
    const pseudo = wantsPseudoLocale(request);
    if (serverPages && status === 200 && isServerRenderedPath(localized.path)) {
      try {
        const page = pseudo
          ? await serverPages.pseudoPage(request.url, request.log)
          : await serverPages.page(request.url, request.log);
        if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
        return sendCachedAnswer(page.answer, request, reply);
      } catch (error) {
        // The browser can still render the page: a rendering failure never costs the visitor it.
        request.log.error({ err: error, url }, 'the page could not be rendered on the server');
      }
    }
    const locale = pseudo ? PSEUDO_LOCALE : (localized.locale ?? (await appPageLocale(request, school)));
    const html = renderIndexPage(indexTemplate, await readSettings(app.db), {
      pathname: url,
      notFound: status === 404,
      language: { locale, messages: appMessagesFor(locale) },
    });
    return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };

  // The public pages as routes of their own, so that their answers are compressed like the API's
  // (@fastify/compress works per route; other spellings, /About/, still reach them below).
  for (const pagePath of [...SERVER_RENDERED_PATHS, ...PREFIXED_PAGE_PATHS]) {
    app.get(pagePath, { schema: { hide: true } }, servePage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isUpload = url.startsWith('/uploads/');
    // A missing file (`/assets/x.js`, `/favicon.ico`) is a 404, not the app.
    const isFile = /\.[a-z0-9]+$/i.test(url);
    if (isApi || isUpload || isFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      // Thrown, so the error handler says it in the request's language ("Nothing is at GET /x." in English).
      throw new HttpError(404, COMMON_ERROR_CODES.notFound, 'errors.request.nothingAt').withValues({
        method: request.method,
        url,
      });
    }
    return servePage(request, reply);
  });
}

/** One cookie's value from a `Cookie` header, decoded; undefined when it is not there. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
