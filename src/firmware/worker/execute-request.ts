// A flash request from the page, carried out: the plans built with core-rs (file-level
// problems become 'invalid-file' / 'file-content-invalid'), the engine run against the given
// WebHID-shaped device, and every engine failure returned as plain data. The flash worker
// runs it; tests run it in-process against the simulated board.
import type { FlashChip, FlashPlan, WasmCore } from '../../core/wasm-core.ts';
import type { HIDLike } from '../../device/webhid/hid-types.ts';
import type { Clock } from './clock.ts';
import type { ConfirmDowngrade, FlashMode, FlashProgress } from './engine-context.ts';
import { runFlash, type FlashJob } from './flash-engine.ts';
import { FlashError } from './flash-error.ts';
import { imageCheck, imageVersion } from './image-check.ts';
import { wasmFrame } from './wasm-frame.ts';
import type { FlashFile, FlashOutcome, FlashRequest } from './flash-protocol.ts';

class PlanFailure extends Error {
  constructor(readonly outcome: FlashOutcome & { ok: false }) {
    super(outcome.error.message);
  }
}

function plan(core: WasmCore, file: FlashFile, chip: FlashChip): FlashPlan {
  const kind = /\.hex$/i.test(file.name) ? 'hex' : 'bin';
  const r = core.planFlash(file.bytes, kind, chip);
  if (r.ok) return r.value;
  const code = r.error.code === 'empty' ? 'invalid-file' : 'file-content-invalid';
  throw new PlanFailure({
    ok: false,
    error: {
      code,
      message: r.error.message,
      ...(r.error.line === undefined ? {} : { line: r.error.line }),
    },
  });
}

interface ExecuteDeps {
  hid: HIDLike;
  /** Asked before an older image is written (the updater's question). */
  confirmDowngrade?: ConfirmDowngrade;
  /** The device is the simulated board: TEST images may be written to it. */
  virtualBoard: boolean;
  clock: Clock;
  locks?: LockManager | null;
  onProgress(p: FlashProgress): void;
  mode?: FlashMode;
}

export async function executeFlashRequest(
  core: WasmCore,
  request: Omit<FlashRequest, 'link'>,
  deps: ExecuteDeps,
): Promise<FlashOutcome> {
  try {
    let job: FlashJob;
    const virtual = deps.virtualBoard;
    if (request.chip === 'legacy') {
      const bootloader = request.bootloader ?? null;
      // The file's own identity, else the release's number (a vendor HEX has no block).
      const expected =
        imageVersion(core, request.file, 'legacy-firmware') ??
        (request.expectedVersion === undefined
          ? undefined
          : { version: request.expectedVersion, semver: null });
      job = {
        chip: 'legacy',
        plan: plan(core, request.file, 'legacy'),
        bootloaderPlan: bootloader ? plan(core, bootloader, 'legacy') : null,
        ...(expected ? { expected } : {}),
        check: imageCheck(core, request.file, 'legacy-firmware', virtual),
        ...(bootloader
          ? { bootloaderCheck: imageCheck(core, bootloader, 'legacy-bootloader', virtual) }
          : {}),
      };
    } else {
      const expected = imageVersion(core, request.file, request.chip);
      job = {
        chip: request.chip,
        plan: plan(core, request.file, request.chip),
        check: imageCheck(core, request.file, request.chip, virtual),
        ...(expected ? { expected } : {}),
      };
    }
    const result = await runFlash(job, {
      hid: deps.hid,
      clock: deps.clock,
      frame: wasmFrame(core),
      locks: deps.locks ?? null,
      onProgress: deps.onProgress,
      ...(deps.confirmDowngrade ? { confirmDowngrade: deps.confirmDowngrade } : {}),
      ...(deps.mode ? { mode: deps.mode } : {}),
    });
    return { ok: true, result };
  } catch (e) {
    if (e instanceof PlanFailure) return e.outcome;
    if (e instanceof FlashError) {
      return {
        ok: false,
        error: { code: e.code, message: e.message, ...(e.detail ? { detail: e.detail } : {}) },
      };
    }
    // A bug, not a board problem: the page reports it as 'Update firmware error' + text.
    throw e;
  }
}
