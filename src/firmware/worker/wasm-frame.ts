// Frames GoGo commands for the engine with core-rs (the same framer as the board link).
import type { HidCommandRequest } from '../../device/device.ts';
import type { WasmCore } from '../../core/wasm-core.ts';

export function wasmFrame(core: WasmCore): (req: HidCommandRequest) => Uint8Array {
  return (req) => {
    const r = core.buildHidCommand(req);
    if (!r.ok) throw new Error(`command ${req.category}/${req.command}: ${r.error.message}`);
    return r.value;
  };
}
