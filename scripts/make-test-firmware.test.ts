import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  IdentityChip,
  isComplete,
  readIdentity,
} from '../src/virtual-board/firmware/identity/firmware-id.ts';
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

  it('holds test images that name their board and version, are complete and say TEST', () => {
    const esp = new Uint8Array(readFileSync(shipped + 'files/gogo-esp-1.0.3.bin'));
    expect(readIdentity(esp, IdentityChip.esp)).toMatchObject({
      chip: IdentityChip.esp,
      boardType: 4,
      version: 43,
      semver: '1.0.3',
      test: true,
    });
    expect(isComplete(esp, IdentityChip.esp)).toBe(true);
    const stm = new Uint8Array(readFileSync(shipped + 'files/gogo-stm-1.0.1.bin'));
    expect(readIdentity(stm, IdentityChip.stm)).toMatchObject({ boardType: 4, test: true });
    const manifest = JSON.parse(readFileSync(shipped + 'manifest.json', 'utf8')) as {
      source: { kind: string };
    };
    expect(manifest.source.kind).toBe('test');
  });
});
