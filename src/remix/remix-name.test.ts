import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX } from '../contract/projects.ts';
import { remixName } from './remix-name.ts';

const english = (name: string) => `${name} (remix)`;
const thai = (name: string) => `รีมิกซ์ของ ${name}`;

describe('remixName', () => {
  it('names the remix after the original, in the words of the user’s language', () => {
    expect(remixName(english, '  Line follower ')).toBe('Line follower (remix)');
    expect(remixName(thai, 'หุ่นยนต์')).toBe('รีมิกซ์ของ หุ่นยนต์');
  });

  it('shortens the original’s part, never the words that tell the remix apart', () => {
    const named = remixName(english, 'x'.repeat(PROJECT_NAME_MAX));
    expect(named).toHaveLength(PROJECT_NAME_MAX);
    expect(named.endsWith('x (remix)')).toBe(true);
    expect(remixName(thai, 'y'.repeat(PROJECT_NAME_MAX))).toMatch(/^รีมิกซ์ของ y+$/);
    expect(remixName(thai, 'y'.repeat(PROJECT_NAME_MAX))).toHaveLength(PROJECT_NAME_MAX);
  });
});
