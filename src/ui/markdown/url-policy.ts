// What a Markdown description may point at. Links: http(s) and mailto only (no javascript:,
// data:, vbscript:, file:). Images: shown at once only from the allowed origins (this app and
// its API server, which holds the upload store); any other http(s) image waits for a click,
// so reading a description never calls a stranger's server, and then over https only;
// anything else is never loaded.

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/** A URL read against the page, or null when it cannot be read. */
function parse(url: string, base: string): URL | null {
  try {
    return new URL(url.trim(), base);
  } catch {
    return null;
  }
}

/** The link target to render, or null (the link text is shown without a link). */
export function safeLinkUrl(url: string, base: string): string | null {
  const parsed = parse(url, base);
  return parsed && LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

/** True when a (safe) link leaves this app: it then opens in a new tab without an opener. */
export function isExternalLink(href: string, base: string): boolean {
  const parsed = parse(href, base);
  return !parsed || parsed.origin !== new URL(base).origin;
}

export type ImageDecision =
  | { kind: 'allowed'; src: string }
  | { kind: 'remote'; src: string; host: string }
  | { kind: 'blocked' };

/** Whether an image may load now, only after a click, or never. */
export function imagePolicy(url: string, base: string, allowedOrigins: string[]): ImageDecision {
  const parsed = parse(url, base);
  if (!parsed || !IMAGE_PROTOCOLS.has(parsed.protocol)) return { kind: 'blocked' };
  if (allowedOrigins.includes(parsed.origin)) return { kind: 'allowed', src: parsed.href };
  // Another host's image loads over https only (the content security policy's img-src).
  if (parsed.protocol === 'http:') parsed.protocol = 'https:';
  return { kind: 'remote', src: parsed.href, host: parsed.host };
}

/** This app's origin and its API server's (VITE_API_BASE_URL may name another host). */
export function allowedImageOrigins(base: string, apiBaseUrl: string | undefined): string[] {
  const origins = [new URL(base).origin];
  const api = apiBaseUrl ? parse(apiBaseUrl, base) : null;
  if (api && IMAGE_PROTOCOLS.has(api.protocol) && !origins.includes(api.origin)) {
    origins.push(api.origin);
  }
  return origins;
}
