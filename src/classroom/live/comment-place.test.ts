import { describe, expect, it } from 'vitest';
import type { Comment } from '../../contract/live-class.ts';
import { BUBBLE_GAP, placeBubble, placeComments } from './comment-place.ts';

const view = { left: 0, top: 100, right: 800, bottom: 600 };
const size = { width: 200, height: 40 };

describe('placeBubble', () => {
  it('puts the bubble right of the block, level with its top', () => {
    const block = { left: 100, top: 200, right: 300, bottom: 230 };
    expect(placeBubble(block, view, size, 0)).toEqual({ left: 300 + BUBBLE_GAP, top: 200 });
  });

  it('stacks further bubbles on one block below the first', () => {
    const block = { left: 100, top: 200, right: 300, bottom: 230 };
    expect(placeBubble(block, view, size, 1)).toEqual({
      left: 300 + BUBBLE_GAP,
      top: 200 + 40 + BUBBLE_GAP,
    });
  });

  it('pulls the bubble back inside the workspace at its right edge', () => {
    const block = { left: 500, top: 200, right: 750, bottom: 230 };
    expect(placeBubble(block, view, size, 0)).toEqual({ left: 600, top: 200 });
  });

  it('follows the block when the workspace scrolls', () => {
    const before = { left: 100, top: 200, right: 300, bottom: 230 };
    const scrolled = { left: 60, top: 150, right: 260, bottom: 180 };
    expect(placeBubble(before, view, size, 0)).toEqual({ left: 306, top: 200 });
    expect(placeBubble(scrolled, view, size, 0)).toEqual({ left: 266, top: 150 });
  });

  it('keeps a block partly above the top edge with its bubble inside', () => {
    const block = { left: 100, top: 90, right: 300, bottom: 130 };
    expect(placeBubble(block, view, size, 0)).toEqual({ left: 306, top: 100 });
  });

  it('hides the bubble while its block is scrolled out of view or the workspace is hidden', () => {
    expect(placeBubble({ left: 100, top: 620, right: 300, bottom: 650 }, view, size, 0)).toBe(null);
    expect(placeBubble({ left: -300, top: 200, right: -10, bottom: 230 }, view, size, 0)).toBe(
      null,
    );
    const hidden = { left: 0, top: 0, right: 0, bottom: 0 };
    expect(placeBubble({ left: 0, top: 0, right: 0, bottom: 0 }, hidden, size, 0)).toBe(null);
  });

  it('hides a stacked bubble that would leave the workspace', () => {
    const block = { left: 100, top: 540, right: 300, bottom: 570 };
    expect(placeBubble(block, view, size, 0)).toEqual({ left: 306, top: 540 });
    expect(placeBubble(block, view, size, 1)).toBe(null);
  });
});

const comment = (id: string, anchor: Comment['anchor'], extra: Partial<Comment> = {}): Comment => ({
  id,
  class_uuid: 'c',
  luuid: 'l',
  user_email: 's@example.com',
  suuid: null,
  anchor,
  text: id,
  author: 'Tina',
  createdAt: `2026-01-01T00:00:0${id.length}Z`,
  resolvedAt: null,
  ...extra,
});

describe('placeComments', () => {
  const blocks = new Set(['b1', 'b2']);
  const where = { hasBlock: (id: string) => blocks.has(id), lineCount: 4 };

  it('groups open comments by block, oldest first, and lists those whose block is gone', () => {
    const places = placeComments(
      [
        comment('bb', { kind: 'block', block: 'b1' }),
        comment('a', { kind: 'block', block: 'b1' }),
        comment('gone', { kind: 'block', block: 'b9' }),
        comment('two', { kind: 'block', block: 'b2' }),
      ],
      where,
    );
    expect([...places.blocks.entries()].map(([b, list]) => [b, list.map((c) => c.id)])).toEqual([
      ['b1', ['a', 'bb']],
      ['b2', ['two']],
    ]);
    expect(places.removed.map((c) => c.id)).toEqual(['gone']);
  });

  it('keeps lines the text has and lists lines past its end as removed', () => {
    const places = placeComments(
      [comment('l4', { kind: 'line', line: 4 }), comment('l9', { kind: 'line', line: 9 })],
      where,
    );
    expect(places.lines.map((c) => c.id)).toEqual(['l4']);
    expect(places.removed.map((c) => c.id)).toEqual(['l9']);
  });

  it('keeps every line while the text editor is not open', () => {
    const places = placeComments([comment('l9', { kind: 'line', line: 9 })], {
      ...where,
      lineCount: null,
    });
    expect(places.lines.map((c) => c.id)).toEqual(['l9']);
  });

  it('leaves resolved comments out', () => {
    const places = placeComments(
      [comment('done', { kind: 'block', block: 'b1' }, { resolvedAt: '2026-01-02T00:00:00Z' })],
      where,
    );
    expect(places.blocks.size).toBe(0);
    expect(places.removed).toEqual([]);
  });
});
