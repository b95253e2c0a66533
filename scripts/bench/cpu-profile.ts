// A CPU profile of a page's main thread over a stretch of a benchmark (CDP `Profiler`),
// written as a .cpuprofile file (DevTools opens it), with the functions that took the most
// self time printed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession } from '@playwright/test';
import { ms, table } from './lib.ts';

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Starts profiling; `stop(file, title)` writes `dir/file.cpuprofile` and prints the top 15. */
export async function startProfile(cdp: CDPSession, dir: string) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop(name: string, title: string) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const self = new Map<string, number>();
      const frame = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
      profile.samples.forEach((id, i) => {
        const f = frame.get(id);
        if (!f || ['(idle)', '(program)', '(root)'].includes(f.functionName)) return;
        const where = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
        self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
      table(
        `Most self time on the page, ${title} (${file})`,
        top.map(([fn, t]) => ({ function: fn, 'self time': ms(t) })),
      );
    },
  };
}
