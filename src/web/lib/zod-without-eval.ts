/**
 * zod compiles its object parsers with `new Function` when it may, and finds out whether it may by
 * trying once. Our pages' Content-Security-Policy (`script-src 'self'`, no `'unsafe-eval'`) refuses
 * it; zod catches the refusal, but the browser still reports a CSP violation (Chrome's Issues panel,
 * which costs Lighthouse's best practices 4 points). Parsing without compiled parsers is fast enough
 * for forms. zod reads its settings from this global when it loads, so this module must run before
 * zod does: every browser entry imports it first.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// The same object zod keeps, should it have loaded already.
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
