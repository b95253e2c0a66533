// Whether the virtual board is the board in use: connected as the virtual board, or (e2e
// and demos) standing behind the fake navigator.hid.
import { useSnapshot } from 'valtio';
import { board } from '../../device/board-store.ts';
import { getSimHost } from '../host/sim-host.ts';

export function useVirtualBoardInUse(): boolean {
  const live = useSnapshot(board);
  const sim = useSnapshot(getSimHost().store);
  return live.link.transport === 'simulated' || (sim.running && window.gogoFakeHid !== undefined);
}
