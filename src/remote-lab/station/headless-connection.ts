// A GoGo connection to the headless virtual board, as a Node suite's "app" holds one: the
// services that drive a board (cable sessions, the web UI bridge) are tested against it.
import type { WasmCore } from '../../core/wasm-core.ts';
import { GoGoConnection } from '../../device/connection/gogo-connection.ts';
import { testFramer } from '../../device/testing/test-core.ts';
import { HeadlessVirtualBoard } from './headless-board.ts';

export async function headlessConnection(
  core: WasmCore,
): Promise<{ board: HeadlessVirtualBoard; device: GoGoConnection }> {
  const board = new HeadlessVirtualBoard(core);
  const device = new GoGoConnection({
    createTransport: () => board,
    framer: await testFramer(),
    displayBoard: () => 6,
    schedule: (f) => setTimeout(f, 0),
  });
  return { board, device };
}
