import { describe, expect, it } from 'vitest';
import { legalName, LogoNames } from './names.ts';

describe('legalName', () => {
  it.each([
    ['speed', 'speed'],
    ['motor speed', 'motor_speed'],
    ['velocidade média', 'velocidade_media'],
    ['año', 'ano'],
    ['2nd', 'var_2nd'],
    ['', 'var'],
    ['ความเร็ว', 'var'],
  ])('turns the variable name %j into %j', (name, expected) => {
    expect(legalName(name, 'variable')).toBe(expected);
  });

  it.each(['order', 'notes', 'android', 'xorbit', 'n1', 'talktome', 'apower', 'cpowerful'])(
    'moves %s away from a prefix the 1.3 lexer splits off',
    (name) => {
      expect(legalName(name, 'variable')).toBe(`my_${name}`);
    },
  );

  it.each(['repeat', 'sensor1', 'show', 'end', 'to', 'main', 'cloud', 'Forever'])(
    'moves the keyword %s away',
    (name) => {
      expect(legalName(name, 'procedure')).toBe(`my_${name}`);
    },
  );

  it('keeps names that only contain a keyword or prefix later on', () => {
    expect(legalName('xand', 'variable')).toBe('xand');
    expect(legalName('beeper', 'variable')).toBe('beeper');
    expect(legalName('auto', 'variable')).toBe('auto');
  });

  it('makes every result a Logo identifier', () => {
    for (const name of ['a b', '$$$', '9', 'ñandú', 'ola!', '_']) {
      expect(legalName(name, 'variable')).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
  });
});

describe('LogoNames', () => {
  it('gives the same user name the same Logo name, ignoring case', () => {
    const names = new LogoNames();
    expect(names.get('Speed', 'variable')).toBe('Speed');
    expect(names.get('speed', 'variable')).toBe('Speed');
  });

  it('separates names that come out the same, without creating node-id tokens', () => {
    const names = new LogoNames();
    expect(names.get('n', 'procedure')).toBe('n');
    expect(names.get('n', 'variable')).toBe('n_2');
    expect(names.get('ความเร็ว', 'variable')).toBe('var');
    expect(names.get('ระยะทาง', 'variable')).toBe('var_2');
  });
});
