// A GoGo connection as tests and benchmarks hold one: the core's framer, a GoGo 6 display
// and flushes on the microtask queue, over the transport given.
import type { WasmCore } from '../../core/wasm-core.ts';
import { GoGoConnection } from '../connection/gogo-connection.ts';
import { WasmFramer } from '../protocol/framer.ts';
import type { Transport } from '../transport.ts';

export function testConnection(core: WasmCore, transport: Transport): GoGoConnection {
  return new GoGoConnection({
    createTransport: () => transport,
    framer: new WasmFramer(core),
    displayBoard: () => 6,
    schedule: (flush) => queueMicrotask(flush),
  });
}
