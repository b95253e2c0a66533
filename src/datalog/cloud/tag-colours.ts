// The ten chart colours tags cycle through (classroom-and-labs §3, §9). Chosen to stay
// apart from each other and readable on white.
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

export const tagColour = (index: number): string =>
  TAG_PALETTE[((index % TAG_PALETTE.length) + TAG_PALETTE.length) % TAG_PALETTE.length] ??
  TAG_PALETTE[0];
