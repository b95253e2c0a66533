// The click-to-load rule for an image a user named (a description's image, a header image):
// one from this app or its API server (the upload store) loads at once; one from any other
// http(s) host waits until the reader asks for it, so opening a page never tells a stranger's
// server who looked at it; anything else never loads (url-policy.ts).
import { useState } from 'react';
import { allowedImageOrigins, imagePolicy, type ImageDecision } from '../markdown/url-policy.ts';

interface RemoteImage {
  decision: ImageDecision;
  /** A remote image the reader has not asked for yet. */
  waiting: boolean;
  /** The reader asks for it. */
  load: () => void;
}

export function useRemoteImage(url: string): RemoteImage {
  // Keyed by address: an image that changes (a form's preview) waits again.
  const [loaded, setLoaded] = useState<string | null>(null);
  const base = window.location.href;
  const decision = imagePolicy(
    url,
    base,
    allowedImageOrigins(base, import.meta.env.VITE_API_BASE_URL),
  );
  const waiting = decision.kind === 'remote' && loaded !== decision.src;
  return {
    decision,
    waiting,
    load: () => {
      if (decision.kind === 'remote') setLoaded(decision.src);
    },
  };
}
