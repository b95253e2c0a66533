// The layer table: every folder of the repository's top and of src/, what it holds, and what
// in src/ it may import. ESLint's `layers/imports` zones (eslint.config.js) and the tree at
// the top of docs/architecture.md are both made from it; layer-table.test.ts fails while the
// docs differ. After changing a row: `node scripts/eslint/layer-table.js` rewrites the docs.
//
// Kinds: `top` knows everything (no zone); a `feature` may import every `base` folder and
// the features its `needs` names, and nothing else of src/; a `base` folder may import only
// what its `uses` names; `other` rows are outside src/ and only drawn.
//
// Faces: another feature imports a feature only through its face, src/<feature>/index.ts,
// which exports what the others use (the files behind it import each other directly). A
// feature whose face would make some importer load code it must not carry names a second,
// lighter face in `faces` (e.g. what runs in Node). Tests and their helpers may reach
// behind a face. src/app, the top, keeps importing feature files directly: each of its lazy
// routes and modals loads one page module as a chunk of its own, which a face re-exporting
// all of a feature's pages would merge into one, and its start-up imports would pull in
// what a face re-exports for the lazy pages.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * @typedef {{ name: string, kind: 'top' | 'feature' | 'base' | 'other', about: string,
 *   uses?: string[], needs?: string[], faces?: string[] }} Row
 */

/** @type {Row[]} src/ rows in the order the docs draw them (highest first). */
export const srcRows = [
  {
    name: 'app',
    kind: 'top',
    about:
      "the top: route table, layouts, navbar, sidebar, menus, the shell's modals and toasts; the one folder that knows every feature",
  },
  {
    name: 'program',
    kind: 'base',
    uses: ['shell', 'state', 'core', 'contract'],
    about:
      "the program: the open program's store, the program file (read in Node too), what compiles (compilableLogo), its Logo errors (docs/program.md)",
  },
  {
    name: 'shell',
    kind: 'base',
    uses: ['ui', 'state', 'i18n', 'core', 'contract'],
    about:
      "what features use of the shell, knowing no feature: named actions, navigation for framework-free code, links, route guards, confirm, the editor's widget area and its panes; ui/ the titled screen frame, guarded and form modals, document title",
  },
  {
    name: 'state',
    kind: 'base',
    uses: ['core', 'contract'],
    about:
      'Valtio stores that know no feature: session, ui, extensions, connectivity; typed local-storage keys',
  },
  {
    name: 'core',
    kind: 'base',
    uses: ['contract'],
    about:
      "the TypeScript face of core-rs, shared by every runtime: the WASM wrapper, HID/VM layouts, the VM runner and the board outputs it shows, the lesson check, datalog CSV and operations, compile responses, the core worker's API, the transfer helper",
  },
  {
    name: 'bridge',
    kind: 'base',
    uses: ['core'],
    about: "the page's side of every worker: the generic typed bridge and CoreBridge",
  },
  {
    name: 'contract',
    kind: 'base',
    uses: [],
    about: 'the API contract (TypeBox schemas, base path), shared with the server',
  },
  {
    name: 'api',
    kind: 'base',
    uses: ['state', 'contract'],
    about: "the app's HTTP client over the contract (tokens, retries, offline)",
  },
  {
    name: 'net',
    kind: 'base',
    uses: [],
    about:
      'the MQTT link every broker client runs on: login, time-out, reconnect, refused login, payloads',
  },
  {
    name: 'device',
    kind: 'base',
    uses: ['bridge', 'state', 'core', 'contract', 'net'],
    about:
      "board link: contract, transports, protocol (with the STM32 bootloader's wire format), connection, its stores (live board, connection); board-simulator.ts, where the virtual board plugs in; ui/ the board gate and panel card the board pages share; runtime.ts the link",
  },
  {
    name: 'ui',
    kind: 'base',
    uses: ['api', 'contract'],
    about:
      'shared components: Markdown (no raw HTML), data table, pager (with the address-kept paging of list pages), wizard, upload, multi-select, the login prompt, the line chart base and its colours',
  },
  {
    name: 'i18n',
    kind: 'base',
    uses: ['state'],
    about: 'i18next set-up, language table (gb, br, th, es)',
  },
  {
    name: 'auth',
    kind: 'feature',
    needs: [],
    about: 'sign-in (Firebase Auth), the session; ui/ sign-in, sign-up, profile pages',
  },
  {
    name: 'virtual-board',
    kind: 'feature',
    needs: [],
    faces: ['model.ts'],
    about:
      "the virtual board: host/ (page side, fake HID), board/ (board model: commands, motor and servo ports, display and voice recorder, status packet, settings and panel state, clock, Tasmota devices, data log, Pi companion, report encoders; USB link; in its worker), firmware/ (simulated bootloaders, the firmware identity), worker/ (the worker's API), ui/ (panels)",
  },
  {
    name: 'board',
    kind: 'feature',
    needs: ['labs', 'webui'],
    about:
      "board control pages (GoGo board, Raspberry Pi, Bright) and their panels; the GoGo board page shows the Teachable Machine's and the web UI bridge's panels",
  },
  {
    name: 'editor',
    kind: 'feature',
    needs: ['download'],
    faces: ['handles.ts', 'extension-library.ts'],
    about:
      'the program editor: blocks, Logo text, toolbox, workspace, file and board actions (its toolbar and board actions run downloads)',
  },
  {
    name: 'download',
    kind: 'feature',
    needs: [],
    faces: ['ui.ts'],
    about: 'compile and download to the board, code extraction, compile messages',
  },
  {
    name: 'firmware',
    kind: 'feature',
    needs: [],
    about: 'firmware update; worker/ holds the engine that runs in the flash worker',
  },
  {
    name: 'datalog',
    kind: 'feature',
    needs: ['virtual-board'],
    about:
      "offline logs, plot lab; chart/ the log's zoomable chart; cloud/ the cloud channels (services, runtime.ts, ui/ pages) and the program → cloud recorder; the benchmark hook fills the virtual board's log",
  },
  {
    name: 'project',
    kind: 'feature',
    needs: ['auth'],
    about: 'cloud projects: save, share, open, lists, examples',
  },
  {
    name: 'remix',
    kind: 'feature',
    needs: ['project'],
    about: "public catalogs and projects (remix pages), opened with the project's dialogs",
  },
  {
    name: 'extensions',
    kind: 'feature',
    needs: ['editor', 'offline'],
    about:
      'Logo block extensions: publish, edit (in the editor, its draft kept offline), the added list',
  },
  {
    name: 'messages',
    kind: 'feature',
    needs: ['extensions'],
    about: "the navbar's messages and announcements (an extension's update among them)",
  },
  {
    name: 'classroom',
    kind: 'feature',
    needs: ['auth', 'editor', 'remote-lab'],
    about:
      "classes, lessons, enrolment, gradebook, submissions (shown in the editor), user management; a lesson's remote lab",
  },
  {
    name: 'remote-lab',
    kind: 'feature',
    needs: ['virtual-board'],
    about:
      "remote lab sessions and their checked API (remote-lab-api.ts); station/ the lab station's side (a virtual board to lend); ui/station/ the lab station page's parts (quick start, new lab form, lab card, the station running here, lab groups)",
  },
  {
    name: 'offline',
    kind: 'feature',
    needs: ['auth', 'download', 'firmware'],
    about:
      'offline mode, kept program draft, service worker; busy while a download or firmware update runs',
  },
  {
    name: 'webui',
    kind: 'feature',
    needs: [],
    about:
      "web UI dashboards: the editor, the live dashboard and its link, sharing, the board bridge that carries a board's values",
  },
  {
    name: 'labs',
    kind: 'feature',
    needs: [],
    about: 'labs of their own: teachable-machine/ (model files, inference worker API, UI)',
  },
  {
    name: 'dev',
    kind: 'feature',
    needs: [],
    about: 'developer tools (HEX inspection)',
  },
  {
    name: 'start',
    kind: 'base',
    uses: [],
    about:
      'the library entries the build puts before main.tsx (docs/first-load.md); they import only packages',
  },
];

/** @type {Row[]} Rows outside src/: drawn, not linted here. */
export const otherRows = [
  {
    name: 'workers',
    kind: 'other',
    about:
      'Web Worker entry points only; each exposes one typed API (kept in src/) via Comlink, and nothing imports them: pages start them by URL',
  },
  {
    name: 'core-rs',
    kind: 'other',
    about: 'Rust crate (no dependencies, rustc 1.63): pure modules + a C ABI facade',
  },
  {
    name: 'locales',
    kind: 'other',
    about: 'en (source), pt-BR, th, es: one JSON file per namespace',
  },
  { name: 'server', kind: 'other', about: 'Fastify API server, database layer, sign-in' },
  {
    name: 'tests/e2e',
    kind: 'other',
    about: "Playwright tests with page objects, driving Debian's Chromium",
  },
  {
    name: 'scripts',
    kind: 'other',
    about:
      'setup, start, test, build steps (WASM, Vite plugins), benchmarks; eslint/ the layer table and its rule',
  },
];

/** Every base folder: what a feature may import besides the features it needs. */
export const baseFolders = srcRows.filter((r) => r.kind === 'base' && r.name !== 'start');

/** The src/ folders a row's files may import (its own included), or null for no limit. */
export function allowedFor(row) {
  if (row.kind === 'top') return null;
  const names =
    row.kind === 'feature'
      ? [...baseFolders.map((b) => b.name), ...(row.needs ?? [])]
      : (row.uses ?? []);
  return [row.name, ...names].map((n) => `src/${n}`);
}

/** The files through which other features import a feature: index.ts and its `faces`. */
export function facesOf(row) {
  return ['index.ts', ...(row.faces ?? [])].map((f) => `src/${row.name}/${f}`);
}

/** The features a feature imports, each pair once: what the docs list as "needs". */
export const featurePairs = srcRows.flatMap((r) => (r.needs ?? []).map((n) => [r.name, n]));

const WIDTH = 90;

/** One drawn row: the name in a 12-wide column after `indent`, the text wrapped under it. */
function drawRow(indent, name, text) {
  const head = `${' '.repeat(indent)}${name}/`;
  const column = indent + 12;
  const first = head.length + 1 > column ? `${head}  ` : head.padEnd(column);
  const lines = [];
  let line = first;
  for (const word of text.split(' ')) {
    const atStart = line.trim() === `${name}/`;
    const candidate = atStart ? line + word : `${line} ${word}`;
    if (candidate.length > WIDTH && !atStart) {
      lines.push(line);
      line = ' '.repeat(column) + word;
    } else {
      line = candidate;
    }
  }
  lines.push(line);
  return lines;
}

/** The tree the docs show, made from the table. */
export function docsTree() {
  const lines = ['src/        React UI (Valtio state, hash routes, i18next); main.tsx the entry'];
  for (const row of srcRows) {
    const needs = row.needs?.length ? `; uses the features ${row.needs.join(', ')}` : '';
    const faces = row.faces?.length ? `; faces index.ts, ${row.faces.join(', ')}` : '';
    lines.push(...drawRow(2, row.name, row.about + needs + faces));
  }
  for (const row of otherRows) lines.push(...drawRow(0, row.name, row.about));
  return lines.join('\n');
}

const START = '<!-- layer-table: made by `node scripts/eslint/layer-table.js`; do not edit -->';
const END = '<!-- layer-table: end -->';

/** The docs text with the tree block replaced by the table's. */
export function withTree(docs) {
  const from = docs.indexOf(START);
  const to = docs.indexOf(END);
  if (from < 0 || to < from) throw new Error('docs/architecture.md has no layer-table block');
  return `${docs.slice(0, from)}${START}\n\n\`\`\`\n${docsTree()}\n\`\`\`\n\n${docs.slice(to)}`;
}

export const docsPath = resolve(
  dirname(new URL(import.meta.url).pathname),
  '../../docs/architecture.md',
);

if (process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  writeFileSync(docsPath, withTree(readFileSync(docsPath, 'utf8')));
}
