// Which GoGo 6 chip a file is for: its name (`gogo-stm-` / `gogo-esp-`, core-rs
// `chip_for_name`), else its content — the identity block's chip or the image format (an
// STM32 vector table, an ESP32 app image) read from its first bytes — else null.
import type { FlashChip, WasmCore } from '../../core/wasm-core.ts';

export function chipForFile(core: WasmCore, name: string, head: Uint8Array): FlashChip | null {
  const named = core.flashChipForName(name);
  if (named) return named;
  const r = core.checkFirmware({
    file: head,
    kind: /\.hex$/i.test(name) ? 'hex' : 'bin',
    name,
    target: 'esp',
    boardType: 0,
    virtualBoard: true,
  });
  const target = r.ok ? r.value.contentTarget : null;
  return target === 'stm' || target === 'esp' ? target : null;
}
