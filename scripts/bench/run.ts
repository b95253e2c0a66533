// `npm run bench [-- <suite>...]`: runs the chosen benchmark suites (all by default). A
// suite is a module under scripts/bench/ whose default export has `description` and
// `run(ctx)`. (Minimal runner; the core2 branch brings the full one with --quick/--json.)
import { fileURLToPath } from 'node:url';

interface Suite {
  description: string;
  run(ctx: {
    record(suite: string, figures: Record<string, number | string>): void;
  }): Promise<void>;
}

export const suites: Record<string, () => Promise<{ default: Suite }>> = {
  flash: () => import('./flash.ts'),
};

async function main(args: string[]): Promise<void> {
  const unknown = args.filter((a) => !(a in suites));
  if (unknown.length > 0) {
    console.error(
      `unknown suite: ${unknown.join(', ')}; suites: ${Object.keys(suites).join(', ')}`,
    );
    process.exit(2);
  }
  const chosen = args.length > 0 ? args : Object.keys(suites);
  for (const name of chosen) {
    const load = suites[name];
    if (!load) continue;
    const suite = (await load()).default;
    console.log(`\n=== ${name}: ${suite.description} ===`);
    await suite.run({ record: () => {} });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main(process.argv.slice(2));
}
