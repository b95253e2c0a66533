// Where a tooltip goes: centred above its trigger, below it when there is no room above, and
// moved sideways so that it stays inside the viewport.

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The gap between trigger and tooltip, and the least margin kept to the viewport's edges. */
const TOOLTIP_GAP = 6;
export const VIEWPORT_MARGIN = 4;

export function placeTooltip(
  trigger: Box,
  tip: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; top: number; side: 'top' | 'bottom' } {
  const above = trigger.top - TOOLTIP_GAP - tip.height;
  const below = trigger.top + trigger.height + TOOLTIP_GAP;
  const fitsAbove = above >= VIEWPORT_MARGIN;
  const fitsBelow = below + tip.height <= viewport.height - VIEWPORT_MARGIN;
  const side = fitsAbove || !fitsBelow ? 'top' : 'bottom';
  const centred = trigger.left + trigger.width / 2 - tip.width / 2;
  const maxLeft = viewport.width - VIEWPORT_MARGIN - tip.width;
  const left = Math.max(VIEWPORT_MARGIN, Math.min(centred, maxLeft));
  const top = side === 'top' ? Math.max(VIEWPORT_MARGIN, above) : below;
  return { left, top, side };
}
