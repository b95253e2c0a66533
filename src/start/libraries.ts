// The third of the page's start-up scripts: the other libraries the first screen uses
// (i18next, axios, TypeBox, React Bootstrap, Valtio). The build bundles them with this
// module into a chunk of its own; evaluating it runs their module code, in a task after
// the router's and before the app's (scripts/vite-start-scripts.ts, docs/first-load.md).
export {};
