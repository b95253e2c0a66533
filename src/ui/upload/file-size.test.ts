import { describe, expect, it } from 'vitest';
import { formatFileSize, SIZE_UNITS } from './file-size.ts';

describe('formatFileSize', () => {
  it('counts Bytes up to 1,023, then KB, in steps of 1024', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1,023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2 MB');
  });

  it('goes up to YB and stays there', () => {
    expect(SIZE_UNITS).toEqual(['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']);
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
    expect(formatFileSize(1024 ** 9)).toBe('1,024 YB');
  });

  it('writes the number the reader’s way', () => {
    expect(formatFileSize(1.25 * 1024 * 1024, 'pt-BR')).toBe('1,25 MB');
  });

  it('treats nonsense as 0 Bytes', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});
