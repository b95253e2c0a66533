// The virtual board's second face: the board model without the page (no DOM, no worker),
// which runs in the virtual board's worker, in Node (a lab station's headless board) and in
// a benchmark's filled data log. index.ts, the page's face, cannot be imported in Node.
export {
  programDatalogEvents,
  SimulatedBoard,
  wasmEncoder,
  wasmMemRead,
  type SimConfig,
} from './board/simulated-board.ts';
export { UsbLink } from './board/usb-link.ts';
export { SimDatalog } from './board/sim-datalog.ts';
