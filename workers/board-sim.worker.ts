// The virtual board's worker: the simulated board and its USB link
// (src/virtual-board/worker/board-sim-worker-api.ts).
import * as Comlink from 'comlink';
import { boardSimWorkerApi } from '../src/virtual-board/worker/board-sim-worker-api.ts';

Comlink.expose(boardSimWorkerApi);
