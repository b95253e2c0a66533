// Where a teacher's comments show in the student's editor (docs/classroom.md "Comments"):
// which open comments sit beside a block or line and which lost theirs, and where a comment's
// bubble goes beside its block on the screen. Pure, so the placement is tested apart from
// Blockly.
import type { Comment } from '../../contract/live-class.ts';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Space between a block and its bubble, and between bubbles on one block. */
export const BUBBLE_GAP = 6;

/**
 * The top-left corner of the `stack`-th bubble (0 first) beside `block`: right of the block,
 * level with its top, one below another; pulled back inside `view` when it would leave it.
 * Null while the block is out of view (scrolled away, or the workspace hidden).
 */
export function placeBubble(
  block: Box,
  view: Box,
  size: { width: number; height: number },
  stack: number,
): { left: number; top: number } | null {
  const top = block.top + stack * (size.height + BUBBLE_GAP);
  if (view.right - view.left <= 0 || view.bottom - view.top <= 0) return null;
  if (block.bottom < view.top || block.top > view.bottom) return null;
  if (block.right < view.left || block.left > view.right) return null;
  if (top + size.height > view.bottom || top < view.top) {
    // Only the first bubble is pulled in; further ones past the edge wait for a scroll.
    if (stack > 0) return null;
  }
  const left = Math.max(view.left, Math.min(block.right + BUBBLE_GAP, view.right - size.width));
  const clampedTop = Math.max(view.top, Math.min(top, view.bottom - size.height));
  return { left, top: clampedTop };
}

export interface CommentPlaces {
  /** Open comments on a block that exists, by block id, oldest first. */
  blocks: Map<string, Comment[]>;
  /** Open comments on a line the text has. */
  lines: Comment[];
  /** Open comments whose block or line is gone. */
  removed: Comment[];
}

/** Sorts the open comments by where they show (`hasBlock`/`lineCount` say what exists). */
export function placeComments(
  comments: readonly Comment[],
  where: { hasBlock: (id: string) => boolean; lineCount: number | null },
): CommentPlaces {
  const places: CommentPlaces = { blocks: new Map(), lines: [], removed: [] };
  const open = comments
    .filter((c) => c.resolvedAt === null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const c of open) {
    if (c.anchor.kind === 'block') {
      if (where.hasBlock(c.anchor.block)) {
        const list = places.blocks.get(c.anchor.block) ?? [];
        list.push(c);
        places.blocks.set(c.anchor.block, list);
      } else places.removed.push(c);
    } else if (where.lineCount === null || c.anchor.line <= where.lineCount) {
      places.lines.push(c);
    } else places.removed.push(c);
  }
  return places;
}
