/** A link the site may show as one: http(s), with a host that has a dot (no `javascript:`, no `localhost`). */
export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
