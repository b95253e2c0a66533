// Type declarations the benchmark scripts need.

// The bench imports the worker module's type, and the worker imports `*.wasm?url` (Vite).
/// <reference types="vite/client" />

// Comlink ships this adapter's types as node-adapter.d.ts, which TypeScript does not match
// to the .mjs file.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
