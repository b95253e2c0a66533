// Test and benchmark helpers: a virtual board plus plans of test images, and one call that
// runs a flash job on virtual time and returns either the result or the FlashError.
import type { FlashPlan, WasmCore } from '../../core/wasm-core.ts';
import { runFlash, type FlashJob, type FlashResult } from '../../firmware/worker/flash-engine.ts';
import type { FlashMode, FlashProgress } from '../../firmware/worker/engine-context.ts';
import { FlashError } from '../../firmware/worker/flash-error.ts';
import { imageCheck, imageVersion } from '../../firmware/worker/image-check.ts';
import { wasmFrame } from '../../firmware/worker/wasm-frame.ts';
import { IdentityBoard, IdentityChip } from '../firmware/identity/firmware-id.ts';
import {
  buildTestImage,
  toIntelHex,
  type TestImageOptions,
} from '../firmware/identity/test-images.ts';
import { VirtualBoard, type VirtualBoardOptions } from './virtual-board.ts';

export type Outcome = { ok: true; result: FlashResult } | { ok: false; error: FlashError };

export class FlashHarness {
  readonly vb: VirtualBoard;
  progress: FlashProgress[] = [];

  constructor(
    readonly core: WasmCore,
    options: VirtualBoardOptions = {},
  ) {
    this.vb = new VirtualBoard(core, options);
  }

  plan(bytes: Uint8Array, kind: 'bin' | 'hex', chip: FlashJob['chip']): FlashPlan {
    const r = this.core.planFlash(bytes, kind, chip);
    if (!r.ok) throw new Error(`plan: ${r.error.message}`);
    return r.value;
  }

  /** An STM32 or ESP32 job for a .bin file, with the check the worker would run (the
   * harness is the simulated board unless `realBoard`). */
  job(
    chip: 'stm' | 'esp',
    bytes: Uint8Array,
    o: { name?: string; realBoard?: boolean } = {},
  ): FlashJob {
    const file = { name: o.name ?? `gogo-${chip}-test.bin`, bytes };
    const expected = imageVersion(this.core, file, chip);
    return {
      chip,
      plan: this.plan(bytes, 'bin', chip),
      check: imageCheck(this.core, file, chip, !o.realBoard),
      ...(expected ? { expected } : {}),
    };
  }

  /** A legacy job: the bootloader (or none) and the firmware, as HEX. */
  legacyJob(
    hex: { bootloader: Uint8Array | null; firmware: Uint8Array },
    o: { expectedVersion?: number; name?: string; realBoard?: boolean } = {},
  ): FlashJob {
    const firmware = { name: o.name ?? 'firmware.hex', bytes: hex.firmware };
    const bootloader = hex.bootloader ? { name: 'bootloader.hex', bytes: hex.bootloader } : null;
    const virtual = !o.realBoard;
    return {
      chip: 'legacy',
      plan: this.plan(hex.firmware, 'hex', 'legacy'),
      bootloaderPlan: bootloader ? this.plan(bootloader.bytes, 'hex', 'legacy') : null,
      check: imageCheck(this.core, firmware, 'legacy-firmware', virtual),
      ...(bootloader
        ? { bootloaderCheck: imageCheck(this.core, bootloader, 'legacy-bootloader', virtual) }
        : {}),
      ...(o.expectedVersion === undefined
        ? {}
        : { expected: { version: o.expectedVersion, semver: null } }),
    };
  }

  async flash(job: FlashJob, mode: FlashMode = 'auto'): Promise<Outcome> {
    this.progress = [];
    const work = runFlash(job, {
      hid: this.vb.hid,
      clock: this.vb,
      frame: wasmFrame(this.core),
      mode,
      onProgress: (p) => this.progress.push(p),
    });
    try {
      return { ok: true, result: await this.vb.run(work) };
    } catch (e) {
      if (e instanceof FlashError) return { ok: false, error: e };
      throw e;
    }
  }

  /** The board's status packet as the host would decode bytes 20 (firmware) and 21 (STM). */
  versions(): { firmware: number; stm: number } {
    const s = this.vb.board.status();
    return { firmware: s.firmwareVersion, stm: s.firmwareVersion2 };
  }
}

export const stmImage = (o: Partial<TestImageOptions> = {}) =>
  buildTestImage({ chip: IdentityChip.stm, version: 11, semver: '1.0.1', bytes: 24 * 1024, ...o });

export const espImage = (o: Partial<TestImageOptions> = {}) =>
  buildTestImage({ chip: IdentityChip.esp, version: 43, semver: '1.0.3', bytes: 24 * 1024, ...o });

const enc = new TextEncoder();

/** The legacy pair the server ships: a bootloader at 0 and firmware v43 at 0x0800, for a
 * Pi-topping (or `boardType`). */
export function legacyHex(
  version = 43,
  boardType: number = IdentityBoard.piTopping,
): { bootloader: Uint8Array; firmware: Uint8Array } {
  const bootloader = buildTestImage({
    chip: IdentityChip.legacyBootloader,
    boardType,
    version: 2,
    semver: '2',
    bytes: 2048,
  });
  const firmware = buildTestImage({
    chip: IdentityChip.legacy,
    boardType,
    version,
    semver: String(version),
    bytes: 6 * 1024,
  });
  return {
    bootloader: enc.encode(toIntelHex(bootloader, 0)),
    firmware: enc.encode(toIntelHex(firmware, 0x0800)),
  };
}
