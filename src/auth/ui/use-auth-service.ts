// React access to the auth service: starts it on first use and re-renders when it is ready.
import { useEffect, useState } from 'react';
import type { AuthService } from '../auth-service.ts';
import { authService, startAuth } from '../runtime.ts';

export function useAuthService(): AuthService | null {
  const [service, setService] = useState<AuthService | null>(authService);
  useEffect(() => {
    if (service) return;
    let live = true;
    startAuth().then(
      (s) => live && setService(s),
      () => {}, // session.error records it; the screens still render
    );
    return () => {
      live = false;
    };
  }, [service]);
  return service;
}
