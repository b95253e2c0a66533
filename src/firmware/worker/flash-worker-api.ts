// The flash worker: owns the board for the whole firmware update. It builds the flash plan
// with core-rs, opens the device through its own navigator.hid (WebHID works in dedicated
// workers from Chrome 131) or, for the virtual board, through a MessagePort straight to
// the simulated board's worker, and runs the engine. The page only renders progress, which
// leaves here at most once every 16 ms.
import { fetchCore } from '../../core/fetch-core.ts';
import type { FlashChip } from '../../core/wasm-core.ts';
import { FakeHid } from '../../device/webhid/fake-hid.ts';
import type { HIDLike } from '../../device/webhid/hid-types.ts';
import { realClock } from './clock.ts';
import type { ConfirmDowngrade, FlashProgress } from './engine-context.ts';
import { chipForFile } from './chip-for-file.ts';
import { executeFlashRequest } from './execute-request.ts';
import type { FlashOutcome, FlashRequest } from './flash-protocol.ts';
import { SimPortBackend } from './sim-port-backend.ts';

/** Progress leaves only when the whole percent or the stage changed, and at most once per
 * animation frame: about a hundred messages for a whole update. */
const PROGRESS_MS = 16;

function throttled(send: (p: FlashProgress) => void): (p: FlashProgress) => void {
  let last = 0;
  let stage = '';
  let percent = -1;
  let pending: FlashProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    last = performance.now();
    send(pending);
    pending = null;
  };
  return (p) => {
    const whole = Math.floor(p.percent);
    if (p.stage === stage && whole === percent) return;
    const stageChanged = p.stage !== stage;
    stage = p.stage;
    percent = whole;
    pending = { stage: p.stage, percent: whole };
    if (stageChanged || whole >= 100 || performance.now() - last >= PROGRESS_MS) {
      clearTimeout(timer);
      flush();
    } else {
      timer ??= setTimeout(flush, PROGRESS_MS);
    }
  };
}

export const flashWorkerApi = {
  /**
   * The GoGo 6 chip a file is for: its name (`gogo-stm-` / `gogo-esp-`), else its content
   * (identity block or format, from the first bytes), else null.
   */
  async chipFor(name: string, head: Uint8Array): Promise<FlashChip | null> {
    return chipForFile(await fetchCore(), name, head);
  },

  async flash(
    request: FlashRequest,
    onProgress: (p: FlashProgress) => void,
    confirmDowngrade?: ConfirmDowngrade,
  ): Promise<FlashOutcome> {
    let sim: SimPortBackend | null = null;
    try {
      const core = await fetchCore();
      let hid: HIDLike;
      if (request.link.kind !== 'webhid') {
        sim = new SimPortBackend(request.link.port);
        await sim.ready;
        const fake = new FakeHid(sim, 'GoGo Board');
        // The virtual board (or the plugin's board) is always "granted", like a board the
        // user allowed before.
        fake.grantAll();
        if (!sim.powered) fake.unplug();
        sim.onPower((on) => (on ? fake.plug() : fake.unplug()));
        hid = fake;
      } else {
        const browser = (navigator as unknown as { hid?: HIDLike }).hid;
        if (!browser) {
          return {
            ok: false,
            error: { code: 'unsupported-browser', message: 'no WebHID in workers' },
          };
        }
        hid = browser;
      }
      return await executeFlashRequest(core, request, {
        hid,
        virtualBoard: request.link.kind === 'sim',
        clock: realClock,
        locks: typeof navigator.locks === 'undefined' ? null : navigator.locks,
        onProgress: throttled((p) => void onProgress(p)),
        ...(confirmDowngrade ? { confirmDowngrade } : {}),
      });
    } finally {
      sim?.close();
    }
  },
};

export type FlashWorkerApi = typeof flashWorkerApi;
