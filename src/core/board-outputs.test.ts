import { describe, expect, it } from 'vitest';
import { boardOutputs, displayed } from './board-outputs.ts';
import type { VmEvent } from './vm-layout.ts';

const at = (e: object) => ({ atMs: 0, ...e }) as VmEvent;

describe('boardOutputs', () => {
  it('keeps what each display holds and the text last shown', () => {
    const o = boardOutputs([
      at({ type: 'show-short', text: '12345' }),
      at({ type: 'show-long', text: 'x'.repeat(70) }),
    ]);
    expect(o.shortText).toBe('1234');
    expect(o.longText).toBe('x'.repeat(60));
    expect(o.display).toBe('x'.repeat(60));
    expect(boardOutputs([at({ type: 'clear-display' })], o)).toMatchObject({
      shortText: '',
      longText: '',
      display: '',
    });
  });

  it('counts notes as beeps, keeps the answer and the last value sent under each key', () => {
    const o = boardOutputs([
      at({ type: 'beep' }),
      at({ type: 'note', pitch: 60, duration: 5 }),
      at({ type: 'answer', value: 7 }),
      at({ type: 'send-message', topic: 'Speed', text: 'slow' }),
      at({ type: 'send-message', topic: 'speed', text: 'fast' }),
    ]);
    expect([o.beeps, o.answer, [...o.sent]]).toEqual([2, 7, [['speed', 'fast']]]);
  });

  it('cuts a text where the board does, between characters', () => {
    expect(displayed('héllo', 4)).toBe('hél');
    expect(displayed('hé', 2)).toBe('h');
    expect(displayed('ok', 4)).toBe('ok');
  });
});
