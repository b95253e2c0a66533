// Headers that keep pages of this origin from being framed, sniffed or turned against their
// users. Every answer gets nosniff and a referrer policy; HTML pages also get the content
// security policy below, and so do scripts (a worker obeys its own script's policy).
//
// What the app needs, and so what the policy allows:
// - scripts only from this origin, plus compiling WebAssembly ('wasm-unsafe-eval') and the
//   popup sign-in's loader from apis.google.com (Firebase loads it, emulator or not);
// - workers from this origin and blob: URLs;
// - styles from this origin and inline (Blockly and React set style attributes and sheets);
// - images from this origin, data:, blob: and https (avatars; a header image or a
//   description's image from another host, once its reader clicks it: every such image
//   waits behind a "Load image from <host>" button, src/ui/remote-image/use-remote-image.ts;
//   the host is the author's choice, so the policy cannot name it; plain http never);
// - fonts from this origin and data:;
// - calls to this origin, the Auth emulator, https (Firebase, model URLs) and WebSockets
//   (the board plugin on localhost, remote-lab brokers);
// - frames of this origin and https (examples, Firebase's sign-in helper);
// - framed only by this origin (frame-ancestors; X-Frame-Options for older browsers). A
//   page with a policy of its own says itself who may frame it (the examples page: anyone),
//   so it gets no X-Frame-Options that would say otherwise.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';

function contentSecurityPolicy(config: ServerConfig): string {
  const { publicAuthEmulatorUrl } = config.firebase;
  const emulator = publicAuthEmulatorUrl ? [new URL(publicAuthEmulatorUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com'],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...emulator, 'https:', 'wss:', 'ws:'],
    'frame-src': ["'self'", 'https:', ...emulator],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

const SCRIPT = /^(text|application)\/javascript/;

/** onSend hook adding the headers (pages and scripts: the policy too). */
export function securityHeaders(config: ServerConfig) {
  const policy = contentSecurityPolicy(config);
  return async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    // A page with a policy of its own (the examples page) keeps it. Scripts get the
    // policy too: a worker runs under the policy of its own script, not of the page.
    const isPage = type.startsWith('text/html');
    const ownPolicy = reply.hasHeader('content-security-policy');
    if ((isPage || SCRIPT.test(type)) && !ownPolicy) {
      reply.header('content-security-policy', policy);
    }
    if (isPage && !ownPolicy) reply.header('x-frame-options', 'SAMEORIGIN');
  };
}
