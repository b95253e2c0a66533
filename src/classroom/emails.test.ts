import { describe, expect, it } from 'vitest';
import { isEmail, parseEmails } from './emails.ts';

describe('parseEmails', () => {
  it('reads addresses separated by commas, semicolons, spaces and lines, lower-cased, once each', () => {
    expect(
      parseEmails('ana@school.org, Bo@School.org;\nchai@school.org  ana@school.org').valid,
    ).toEqual(['ana@school.org', 'bo@school.org', 'chai@school.org']);
  });

  it('takes "Name <address>" as pasted from a mail program', () => {
    expect(parseEmails('Ana Lima <ana@school.org>, <bo@school.org>').valid).toEqual([
      'ana@school.org',
      'bo@school.org',
    ]);
  });

  it('lists what is not an address', () => {
    const parsed = parseEmails('ana@school.org, bob, @x.org, chai@localhost');
    expect(parsed.valid).toEqual(['ana@school.org']);
    expect(parsed.invalid).toEqual(['bob', '@x.org', 'chai@localhost']);
  });

  it('says when more than one call can add', () => {
    const many = Array.from({ length: 101 }, (_, i) => `s${i}@school.org`).join('\n');
    expect(parseEmails(many).tooMany).toBe(true);
  });

  it('checks single addresses', () => {
    expect(isEmail('a.b+c@sub.example.co')).toBe(true);
    expect(isEmail('a b@example.org')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@example.org`)).toBe(false);
  });
});
