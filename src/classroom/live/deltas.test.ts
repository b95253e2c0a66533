import { describe, expect, it } from 'vitest';
import type { LiveBoardMessage, LiveProgramMessage } from '../../contract/live-class.ts';
import {
  applySplice,
  BoardSender,
  diffText,
  NO_BOARD,
  ProgramSender,
  receiveBoard,
  receiveProgram,
  type LiveProgram,
} from './deltas.ts';

/** The message a sender had to send. */
function sent<T extends LiveProgramMessage | LiveBoardMessage>(message: T | null): T {
  if (!message) throw new Error('nothing sent');
  return message;
}

const program = (xml: string, logo = 'to main\nend'): Omit<LiveProgram, 'seq'> => ({
  at: 1,
  luuid: null,
  mode: 'blocks',
  xml,
  logo,
  compile: { ok: true, error: null },
  name: 'P',
});

describe('program and board deltas', () => {
  it('finds the one splice between two texts, and puts it back', () => {
    const cases: [string, string][] = [
      ['', 'abc'],
      ['abc', ''],
      ['<block a/><block b/>', '<block a/><block c/><block b/>'],
      ['aaaa', 'aa'],
      ['same', 'same'],
      ['x1y', 'x22y'],
    ];
    for (const [a, b] of cases) expect(applySplice(a, diffText(a, b))).toBe(b);
    expect(diffText('<a><b/></a>', '<a><c/></a>')).toEqual({ i: 4, n: 1, s: 'c' });
  });

  it('sends the whole program first, then edits, and the receiver follows', () => {
    const sender = new ProgramSender();
    const big = `<xml>${'<block type="x"/>'.repeat(200)}</xml>`;
    const first = sender.next(program(big), false);
    expect(first?.full?.xml).toBe(big);
    let known = receiveProgram(null, sent(first));
    const edited = big.replace('<block type="x"/>', '<block type="y"/>');
    const second = sender.next(program(edited), false);
    expect(second?.full).toBeUndefined();
    expect(JSON.stringify(second).length).toBeLessThan(300);
    known = receiveProgram(known, sent(second));
    expect(known?.xml).toBe(edited);
    // Nothing changed: nothing to send, unless a whole state is asked for.
    expect(sender.next(program(edited), false)).toBeNull();
    expect(sender.next(program(edited), true)?.full?.xml).toBe(edited);
  });

  it('asks for a sync when a delta misses its base', () => {
    const sender = new ProgramSender();
    const first = sent(sender.next(program('<xml>a</xml>'), false));
    sender.next(program('<xml>ab</xml>'), false);
    const third = sent(sender.next(program('<xml>abc</xml>'), false));
    expect(receiveProgram(receiveProgram(null, first), third)).toBeNull();
    expect(receiveProgram(null, third)).toBeNull();
  });

  it('sends only the board fields that changed', () => {
    const sender = new BoardSender();
    const state = { ...NO_BOARD, link: 'virtual' as const, type: 6, sensors: [1, 2, 3, 4] };
    const first = sent(sender.next(state, false, 1));
    expect(first.full).toEqual(state);
    const moved = { ...state, sensors: [1, 2, 9, 4] };
    const second = sent(sender.next(moved, false, 2));
    expect(second.d).toEqual({ sensors: [1, 2, 9, 4] });
    expect(sender.next(moved, false, 3)).toBeNull();
    expect(receiveBoard(receiveBoard(null, first), second)).toEqual(moved);
    expect(receiveBoard(null, second)).toBeNull();
  });
});
