// Row timestamps (ISO 8601, millisecond resolution). Lists order by them, so two writes in
// the same millisecond would tie and come back in an arbitrary order: within one process
// each timestamp is strictly later than the one before.
let last = 0;

export function now(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}
