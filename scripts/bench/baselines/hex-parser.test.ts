import { describe, expect, it } from 'vitest';
import {
  asExpectation,
  expected,
  hexFixtures,
} from '../../../src/core/testing/hex-fixtures.node.ts';
import { parseHexTs } from './hex-parser.ts';

// The benchmark compares this parser with core-rs, so it must do the same job: it has to
// give the same result as core-rs on every shared fixture.
describe('parseHexTs (benchmark baseline)', () => {
  it.each(hexFixtures().map((f) => [f.name, f] as const))('%s', (_name, f) => {
    expect(asExpectation(parseHexTs(f.text), f.expect)).toEqual(expected(f.expect));
  });
});
