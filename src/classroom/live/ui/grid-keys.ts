// The live view's seat grid from the keyboard: the seats are one Tab stop, the arrow keys move
// between them as they are laid out (rows of `columns`), Home and End to the first and last.

/** The seat a key moves to from `index`, or null when the key is not a move. */
export function seatAfterKey(
  key: string,
  index: number,
  count: number,
  columns: number,
): number | null {
  if (count === 0) return null;
  const cols = Math.max(1, columns);
  const to = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowRight':
      return to(index + 1);
    case 'ArrowLeft':
      return to(index - 1);
    case 'ArrowDown':
      return index + cols < count ? index + cols : index;
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** How many columns a CSS grid lays out now (its computed template has one size each). */
export function gridColumns(grid: HTMLElement): number {
  const template = getComputedStyle(grid).gridTemplateColumns;
  return template && template !== 'none' ? template.trim().split(/\s+/).length : 1;
}
