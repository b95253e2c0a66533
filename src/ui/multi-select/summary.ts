// What a closed multi-select shows (spec core §4): the chosen items joined while there are
// at most two, otherwise how many are chosen out of how many.
const JOINED_MAX = 2;

type Summary =
  | { kind: 'none' }
  | { kind: 'joined'; text: string }
  | { kind: 'count'; count: number; total: number };

export function summarize(labels: readonly string[], total: number): Summary {
  if (labels.length === 0) return { kind: 'none' };
  if (labels.length <= JOINED_MAX) return { kind: 'joined', text: labels.join(', ') };
  return { kind: 'count', count: labels.length, total };
}
