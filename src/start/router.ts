// The second of the page's start-up scripts: the router (React Router), bundled with this
// module into a chunk of its own and evaluated in a task of its own, after React's and
// before the other libraries' (scripts/vite-start-scripts.ts, docs/first-load.md). Its
// modules are ES modules, whose code runs when the chunk is evaluated.
export {};
