// The flash engine's entry point: one job (an STM, ESP or legacy plan from core-rs) run
// against a WebHID-shaped device. It owns the device for the whole update, reports
// progress, and always lets go of the device at the end, whatever happened.
import type { FlashPlan } from '../../core/wasm-core.ts';
import { EngineContext, type EngineDeps, type FlashResult } from './engine-context.ts';
import { flashEsp } from './esp-flasher.ts';
import { flashLegacy, type LegacyJob } from './legacy-flasher.ts';
import { flashStm } from './stm-flasher.ts';

export type FlashJob =
  | { chip: 'stm'; plan: FlashPlan }
  | { chip: 'esp'; plan: FlashPlan }
  | ({ chip: 'legacy' } & LegacyJob);

export async function runFlash(job: FlashJob, deps: EngineDeps): Promise<FlashResult> {
  const ctx = new EngineContext(deps);
  try {
    switch (job.chip) {
      case 'stm':
        return await flashStm(ctx, job.plan);
      case 'esp':
        return await flashEsp(ctx, job.plan);
      case 'legacy':
        return await flashLegacy(ctx, job);
    }
  } finally {
    await ctx.port.close();
  }
}

export type { EngineDeps, FlashResult } from './engine-context.ts';
export type { FlashMode, FlashProgress, FlashStage } from './engine-context.ts';
