import { describe, expect, it } from 'vitest';
import { imageSrc, isValidUrl } from './projects.ts';

describe('the URL check (spec core §5)', () => {
  it.each([
    '',
    '   ',
    'example.com',
    'example.com/pic.png',
    'https://example.com/a/b.png?size=2#top',
    'http://img.example.org:8080/x.gif',
    'HTTPS://CDN.EXAMPLE.IO/A.JPG',
    'sub-domain.my-site.co.uk/i',
    'a.b',
  ])('accepts %j', (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    'localhost/x.png',
    'http://localhost:4800/x.png',
    'just words',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://files.example.com/x',
    'example.toolongtld',
    'example.c0m',
    '-bad.example.com',
    `https://example.com/${'x'.repeat(281)}`,
  ])('refuses %j', (url) => {
    expect(isValidUrl(url)).toBe(false);
  });
});

describe('imageSrc', () => {
  it('fetches a URL without a scheme over https and keeps others as given', () => {
    expect(imageSrc('example.com/pic.png')).toBe('https://example.com/pic.png');
    expect(imageSrc(' http://example.com/p.png ')).toBe('http://example.com/p.png');
  });

  it('gives no image for empty or invalid URLs', () => {
    expect(imageSrc('')).toBeNull();
    expect(imageSrc('javascript:alert(1)')).toBeNull();
  });
});
