import { describe, expect, it } from 'vitest';
import { builtinPayloads, keyValueTopicOf, numberText, parseCommand } from './bridge-messages.ts';

describe('board bridge messages', () => {
  it('takes motor power 0–100 and on/off words, and nothing else', () => {
    expect(parseCommand('motor/a/power', '70')).toEqual({ kind: 'power', motor: 'a', percent: 70 });
    expect(parseCommand('motor/d/power', ' 33.6 ')).toEqual({
      kind: 'power',
      motor: 'd',
      percent: 34,
    });
    expect(parseCommand('motor/b/on', 'ON')).toEqual({ kind: 'on', motor: 'b', on: true });
    expect(parseCommand('motor/b/on', '0')).toEqual({ kind: 'on', motor: 'b', on: false });
    for (const [topic, payload] of [
      ['motor/a/power', '101'],
      ['motor/a/power', '-1'],
      ['motor/a/power', ''],
      ['motor/a/power', '1e2'],
      ['motor/a/on', 'yes'],
      ['motor/e/on', 'on'],
      ['motor/a/speed', '5'],
      ['motor/a', 'on'],
      ['sensor/1', '5'],
    ]) {
      expect(parseCommand(topic ?? '', payload ?? '')).toBeNull();
    }
  });

  it('sends kv-out messages that fit the board as key-value text', () => {
    expect(parseCommand('kv-out/Score', '7')).toEqual({
      kind: 'key-value',
      key: 'score',
      value: '7',
    });
    expect(parseCommand('kv-out/x', 'a'.repeat(58))).toEqual({
      kind: 'key-value',
      key: 'x',
      value: 'a'.repeat(58),
    });
    expect(parseCommand('kv-out/x', 'a'.repeat(59))).toBeNull();
    expect(parseCommand('kv-out/x', 'line\nbreak')).toBeNull();
    expect(parseCommand('kv-out/a b', '1')).toBeNull();
  });

  it('publishes key-value messages under kv/ only when the key is a topic level', () => {
    expect(keyValueTopicOf('score')).toBe('kv/score');
    expect(keyValueTopicOf('a/b')).toBeNull();
    expect(keyValueTopicOf('#')).toBeNull();
    expect(keyValueTopicOf('')).toBeNull();
  });

  it('writes numbers with at most two decimals', () => {
    expect(numberText(9.80665)).toBe('9.81');
    expect(numberText(12)).toBe('12');
    const b = builtinPayloads({
      handGesture: 1,
      orientation: 0,
      loudness: 40,
      light: 512,
      proximity: 3,
      rgb: { r: 1, g: 2, b: 3 },
      colorHsv: { h: 0, s: 0, v: 0 },
      colorHsl: { h: 0, s: 0, l: 0 },
      accelX: 0.123,
      accelY: 0,
      accelZ: 9.80665,
      acceleration: 9.8,
      temperature: 25.25,
      humidity: 50,
    });
    expect(Object.fromEntries(b)).toMatchObject({
      'builtin/light': '512',
      'builtin/accel/z': '9.81',
      'builtin/temperature': '25.25',
      'builtin/color/b': '3',
    });
  });
});
