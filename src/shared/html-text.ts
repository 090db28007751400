/**
 * Text written into HTML by hand (the server's page head and JSON blocks, src/web/lib/page-head.ts
 * and src/server/features/pages/index-page.ts): written once, so that every place escapes alike.
 */

/** Text safe inside an element or a quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside a script element that cannot end it (`</script>`, `<!--`) nor break a line of JS. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
