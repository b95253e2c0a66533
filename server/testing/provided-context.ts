// Values the global setup (auth-emulator.global.ts) hands to test files via inject().
declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Auth emulator the tests talk to. */
    authEmulatorHost: string;
  }
}

export {};
