// The first of the page's start-up scripts: React and React DOM. The build bundles them
// with this module into a chunk of its own, whose module script runs before the router's,
// the other libraries' and the app's, each in a main-thread task of its own, so that no
// evaluation of the start-up code is a long task (scripts/vite-start-scripts.ts,
// docs/first-load.md). React and React DOM are CommonJS, whose code runs on first import,
// so they are named here.
import 'react';
import 'react-dom/client';
