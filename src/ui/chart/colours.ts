// Chart tag colours cycle through ten (spec classroom §9). Chosen to stay apart from each
// other on white and for the common colour-vision deficiencies.
export const TAG_PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
] as const;

/** The colour of series (or tag) `index`: the ten colours again and again. */
export function tagColour(index: number): string {
  const n = TAG_PALETTE.length;
  return TAG_PALETTE[((Math.floor(index) % n) + n) % n] ?? TAG_PALETTE[0];
}
