// How many of the program's blocks are incomplete (warned on in the workspace), for the
// Logo panel's notice, and a way for the notice to show the first of them.
import { proxy } from 'valtio';
import type { IncompleteBlock } from '../workspace/incomplete.ts';

export const incompleteNotice = proxy<{ count: number; firstId: string | null }>({
  count: 0,
  firstId: null,
});

let showBlock: ((id: string) => void) | null = null;

export function setIncompleteBlocks(blocks: readonly IncompleteBlock[]): void {
  const firstId = blocks[0]?.block.id ?? null;
  if (incompleteNotice.count !== blocks.length) incompleteNotice.count = blocks.length;
  if (incompleteNotice.firstId !== firstId) incompleteNotice.firstId = firstId;
}

/** The workspace on screen registers how to select a block (null when it goes away). */
export function setBlockShower(show: ((id: string) => void) | null): void {
  showBlock = show;
  if (!show) setIncompleteBlocks([]);
}

export function showFirstIncompleteBlock(): void {
  if (incompleteNotice.firstId) showBlock?.(incompleteNotice.firstId);
}
