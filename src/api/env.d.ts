/// <reference types="vite-plugin-pwa/client" />
// Build-time configuration (Vite env, set when building the UI). All optional: without
// them the UI calls the API on its own origin and asks it for the sign-in settings.
interface ImportMetaEnv {
  /** Base URL of the product API, e.g. https://api.example.org/api/v1. */
  readonly VITE_API_BASE_URL?: string;
  /** Base URL of the cloud Logo compilers ({base}/logo/1.3/compile); default: the API. */
  readonly VITE_COMPILE_BASE_URL?: string;
  /** A real Firebase project (production). Without an API key the server's /config is used. */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Use an Auth emulator with a build-time Firebase config (e.g. http://127.0.0.1:9099). */
  readonly VITE_FIREBASE_AUTH_EMULATOR_URL?: string;
  /** The project examples pages ({url}/{gb|br|th|es}); default {API}/examples. */
  readonly VITE_EXAMPLES_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
