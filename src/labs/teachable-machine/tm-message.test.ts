import { describe, expect, it } from 'vitest';
import { channelProblem, tmMessage } from './tm-message.ts';

describe('tmMessage', () => {
  it('is the channel (lower case, as the board keeps keys) and the label', () => {
    expect(tmMessage(' Vision ', 'Thumbs up')).toEqual({ key: 'vision', value: 'Thumbs up' });
  });
  it('keeps the key-value text free of extra commas', () => {
    expect(tmMessage('tm', 'red, dark')).toEqual({ key: 'tm', value: 'red  dark' });
  });
  it('cuts a long label to the 60 bytes of a message, at whole characters', () => {
    const m = tmMessage('tm', 'ก'.repeat(40));
    expect(m).not.toBeNull();
    const bytes = new TextEncoder().encode(`${m?.key},${m?.value}`).length;
    expect(bytes).toBeLessThanOrEqual(60);
    expect(m?.value).toBe('ก'.repeat(19));
  });
  it('refuses a channel that is empty, has a comma or is too long', () => {
    expect(channelProblem('')).toBe('empty');
    expect(channelProblem('a,b')).toBe('comma');
    expect(channelProblem('x'.repeat(17))).toBe('too-long');
    expect(tmMessage('a,b', 'red')).toBeNull();
  });
});
