import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isComplete, readIdentity } from '../src/firmware/image/firmware-id.ts';
import { testFirmwareFiles } from './make-test-firmware.ts';

const shipped = fileURLToPath(new URL('../server/firmware/', import.meta.url));

describe('the shipped firmware folder', () => {
  it('is exactly what npm run firmware:test-images builds (no hand edits, no vendor files)', () => {
    for (const [name, content] of testFirmwareFiles()) {
      const onDisk = readFileSync(shipped + name);
      const expected = typeof content === 'string' ? Buffer.from(content) : Buffer.from(content);
      expect(Buffer.compare(onDisk, expected), name).toBe(0);
    }
  });

  it('holds test images that name their version and are complete', () => {
    const esp = new Uint8Array(readFileSync(shipped + 'files/gogo-esp-1.0.3.bin'));
    expect(readIdentity(esp)).toMatchObject({ version: 43, semver: '1.0.3' });
    expect(isComplete(esp)).toBe(true);
  });
});
