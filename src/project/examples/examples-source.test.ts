import { describe, expect, it } from 'vitest';
import {
  acceptLoadProject,
  examplesBase,
  examplesOrigin,
  examplesPageUrl,
} from './examples-source.ts';

const HERE = 'https://code.example.org/app/index.html#/program';
const message = { type: 'loadProject', name: 'Blink', code: '<xml></xml>' };

describe('examples source', () => {
  it('uses the API server by default, and a configured URL otherwise', () => {
    expect(examplesBase(undefined, '/api/v1')).toBe('/api/v1/examples');
    expect(examplesBase('', 'https://api.example.org/api/v1/')).toBe(
      'https://api.example.org/api/v1/examples',
    );
    expect(examplesBase('https://examples.example.net/pages/', '/api/v1')).toBe(
      'https://examples.example.net/pages',
    );
  });

  it('builds the page address per interface language', () => {
    expect(examplesPageUrl('th', '/api/v1/examples', HERE)).toBe(
      'https://code.example.org/api/v1/examples/th',
    );
    expect(examplesPageUrl('br', 'https://examples.example.net/p', HERE)).toBe(
      'https://examples.example.net/p/br',
    );
  });

  it('trusts only the origin the examples page comes from', () => {
    expect(examplesOrigin('/api/v1/examples', HERE)).toBe('https://code.example.org');
    expect(examplesOrigin('https://examples.example.net/p', HERE)).toBe(
      'https://examples.example.net',
    );
  });

  it('accepts a loadProject message from the examples origin', () => {
    expect(
      acceptLoadProject(
        { origin: 'https://code.example.org', data: message },
        'https://code.example.org',
      ),
    ).toEqual(message);
  });

  it.each([
    ['another origin', 'https://evil.example', message],
    ['a look-alike origin', 'https://code.example.org.evil.example', message],
    ['another message type', 'https://code.example.org', { ...message, type: 'deleteAll' }],
    ['no program', 'https://code.example.org', { type: 'loadProject', name: 'x', code: '' }],
    ['a string', 'https://code.example.org', 'loadProject'],
    ['nothing', 'https://code.example.org', null],
  ])('ignores %s', (_what, origin, data) => {
    expect(acceptLoadProject({ origin, data }, 'https://code.example.org')).toBeNull();
  });
});
