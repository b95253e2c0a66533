// A remote-lab station on the command line: the virtual board running headless in Node,
// bridged to the remote-lab broker for whoever holds it (docs/remote-lab.md "Stations").
//
//   npm run lab-station -- --board virtual --board-id <GoGo ID> --key <station key>
//                          [--server http://localhost:8080] [--state-dir data/lab-station]
//                          [--still]
//
// The GoGo ID and station key come from the remote lab's page (/lab-station, "Station key
// for the command line"). A USB board is bridged by the station page in the browser instead.
// Environment: LAB_STATION_SERVER, LAB_STATION_BOARD_ID, LAB_STATION_KEY.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StationEvent } from '../src/remote-lab/station/lab-station.ts';
import { loadNodeCore, startNodeStation } from '../src/remote-lab/station/node-station.node.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const usage = `usage: npm run lab-station -- --board virtual --board-id <GoGo ID> --key <station key>
       [--server http://localhost:8080] [--state-dir data/lab-station] [--still]`;

function describe(e: StationEvent): string | null {
  switch (e.type) {
    case 'broker':
      return e.connected ? 'broker: connected' : 'broker: lost, retrying every 5 s';
    case 'session':
      return e.id === null
        ? 'session: none (the board is free)'
        : `session ${e.id} holds the board`;
    case 'board':
      return e.board
        ? `board: type ${e.board.type}, version ${e.board.version}, firmware ${e.board.firmware}`
        : 'board: none';
    case 'answer':
      return `answer byte: ${e.answer}`;
    case 'download-end':
      return e.ok ? 'download: complete' : 'download: failed (the board keeps its last program)';
    case 'restored':
      return e.bytes > 0
        ? `restored the last complete program (${e.bytes} bytes) after an interrupted download`
        : 'cleared the half-written program (no complete one yet) after an interrupted download';
    case 'refused':
      return `refused command ${e.category}/${e.command} (not forwarded by a lab station)`;
    case 'download':
      return null;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return 0;
  }
  const kind = option(args, 'board') ?? 'virtual';
  if (kind !== 'virtual') {
    console.error(
      `lab-station: --board ${kind} is not available here; bridge a USB board from the station page (/lab-station) in Chrome or Edge`,
    );
    return 2;
  }
  const boardId = option(args, 'board-id') ?? process.env.LAB_STATION_BOARD_ID;
  const key = option(args, 'key') ?? process.env.LAB_STATION_KEY;
  if (!boardId || !key) {
    console.error(usage);
    return 2;
  }
  const server =
    option(args, 'server') ??
    process.env.LAB_STATION_SERVER ??
    `http://localhost:${process.env.GOGO_PORT ?? 8080}`;
  const stateDir = path.resolve(ROOT, option(args, 'state-dir') ?? 'data/lab-station');
  const log = (line: string) => console.log(`lab-station ${boardId}: ${line}`);

  const running = await startNodeStation({
    server,
    boardId,
    key,
    core: await loadNodeCore(ROOT),
    stateDir,
    still: args.includes('--still'),
    onEvent: (e) => {
      const line = describe(e);
      if (line) log(line);
    },
  });
  log(`running (virtual board) for ${server}; Ctrl-C stops it`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.stop();
  log('stopped');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`lab-station: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
