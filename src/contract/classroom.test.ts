import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET,
  formatAccessCode,
  headerImageSrc,
  isValidHeaderImage,
  normalizeAccessCode,
} from './classroom.ts';

describe('access codes', () => {
  it('reads a code typed with any case, spaces and dashes', () => {
    expect(normalizeAccessCode('acde-fgh3')).toBe('ACDEFGH3');
    expect(normalizeAccessCode('  AC DE FG H3 ')).toBe('ACDEFGH3');
  });

  it.each(['', 'ACDEFGH', 'ACDEFGH34', 'ACDEFGH0', 'OACDEFGH', 'ACDE_FGH', 'ÀCDEFGH3'])(
    'refuses %j',
    (input) => {
      expect(normalizeAccessCode(input)).toBe('');
    },
  );

  it('has no look-alike characters', () => {
    for (const c of '0O1IL2Z5S8B') expect(ACCESS_CODE_ALPHABET).not.toContain(c);
    expect(new Set(ACCESS_CODE_ALPHABET).size).toBe(ACCESS_CODE_ALPHABET.length);
  });

  it('shows a code in two groups of four', () => {
    expect(formatAccessCode('ACDEFGH3')).toBe('ACDE-FGH3');
  });
});

describe('header images', () => {
  const uploaded = '/api/v1/classroom/image/6f1c1e5e-0b7a-4d8e-9a53-8d2b8a0c1f00';

  it('accepts empty, an image URL or an uploaded image path', () => {
    expect(isValidHeaderImage('')).toBe(true);
    expect(isValidHeaderImage('https://example.com/a.png')).toBe(true);
    expect(isValidHeaderImage(uploaded)).toBe(true);
  });

  it.each([
    '/api/v1/classroom/image/../../user/browse',
    `${uploaded}?x=1`,
    '/etc/passwd',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(isValidHeaderImage(value)).toBe(false);
  });

  it('serves an uploaded image from this site and a URL over https', () => {
    expect(headerImageSrc(uploaded)).toBe(uploaded);
    expect(headerImageSrc('example.com/a.png')).toBe('https://example.com/a.png');
    expect(headerImageSrc('javascript:alert(1)')).toBeNull();
  });
});
