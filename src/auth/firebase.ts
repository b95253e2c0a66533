// Where sign-in happens: a real Firebase project from the build's Vite env, or else the
// settings the API server hands out (`GET {base}/config`: the local Auth emulator in
// development and tests, or the server's project).
import { getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { ClientConfig } from '../contract/client-config.ts';

/** Build-time settings, when the UI was built for a specific project. */
export function buildTimeSettings(env: ImportMetaEnv = import.meta.env): ClientConfig | null {
  const apiKey = env.VITE_FIREBASE_API_KEY;
  if (!apiKey) return null;
  const projectId = env.VITE_FIREBASE_PROJECT_ID ?? '';
  return {
    firebase: {
      apiKey,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
    },
    authEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL || null,
  };
}

/** One Firebase Auth per settings, connected to the emulator when the settings name one. */
export function createFirebaseAuth(settings: ClientConfig, appName = 'gogo'): Auth {
  const app =
    getApps().find((a) => a.name === appName) ?? initializeApp(settings.firebase, appName);
  const auth = getAuth(app);
  if (settings.authEmulatorUrl && !auth.emulatorConfig) {
    connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}
