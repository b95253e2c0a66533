// The flash engine's entry point: one job (an STM, ESP or legacy plan from core-rs) run
// against a WebHID-shaped device. It owns the device for the whole update, reports
// progress, and always lets go of the device at the end, whatever happened.
import type { FlashPlan } from '../../core/wasm-core.ts';
import type { FirmwareVersion } from '../../device/firmware-version.ts';
import { EngineContext, type EngineDeps, type FlashResult } from './engine-context.ts';
import { flashEsp } from './esp-flasher.ts';
import { flashLegacy, type LegacyJob } from './legacy-flasher.ts';
import type { ImageCheck } from './image-check.ts';
import { flashStm } from './stm-flasher.ts';

/**
 * A job: the plan to write, the check of its file against the board (image-check.ts), and
 * the version the board must report afterwards when the file says it (its identity block).
 */
export type FlashJob =
  | { chip: 'stm'; plan: FlashPlan; check?: ImageCheck; expected?: FirmwareVersion }
  | { chip: 'esp'; plan: FlashPlan; check?: ImageCheck; expected?: FirmwareVersion }
  | ({ chip: 'legacy' } & LegacyJob);

export async function runFlash(job: FlashJob, deps: EngineDeps): Promise<FlashResult> {
  const ctx = new EngineContext(deps);
  try {
    switch (job.chip) {
      case 'stm':
        return await flashStm(ctx, job.plan, job.check, job.expected);
      case 'esp':
        return await flashEsp(ctx, job.plan, job.check, job.expected);
      case 'legacy':
        return await flashLegacy(ctx, job);
    }
  } finally {
    await ctx.port.close();
  }
}

export type { FlashResult } from './engine-context.ts';
