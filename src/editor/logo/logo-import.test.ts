import { beforeAll, describe, expect, it } from 'vitest';
import { setUpBlocks } from '../test-support.ts';
import { logoFromXml } from '../workspace/headless.ts';
import { GOLDEN_PROGRAMS } from './golden-programs.ts';
import { LogoImportError, logoToWorkspaceXml } from './logo-import.ts';

beforeAll(setUpBlocks);

const tokens = (text: string) => text.replace(/\s+/g, ' ').trim();
/** Logo → blocks → Logo. */
const roundTrip = (logo: string) => logoFromXml(logoToWorkspaceXml(logo));

function problemOf(logo: string): { problem: string; line: number; word: string } {
  try {
    logoToWorkspaceXml(logo);
  } catch (e) {
    if (e instanceof LogoImportError) return { problem: e.problem, line: e.line, word: e.word };
    throw e;
  }
  throw new Error('imported without a problem');
}

const xmlFixtures = import.meta.glob<string>('./fixtures/*.xml', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('Logo importer', () => {
  it.each(Object.entries(GOLDEN_PROGRAMS))(
    'turns golden sample %s into blocks that write the same program',
    (_id, logo) => {
      expect(tokens(roundTrip(logo))).toBe(tokens(logo));
    },
  );

  it.each(Object.entries(xmlFixtures))(
    'turns the Logo generated for %s back into blocks that write it again',
    (_path, xml) => {
      const logo = logoFromXml(xml);
      expect(tokens(roundTrip(logo))).toBe(tokens(logo));
    },
  );

  it('reads precedence as the 1.3 compiler does', () => {
    const logo = 'to main\nshow not 1 + 2 = 3 and random 6 + 1 * 2 > 0\nend\n';
    expect(roundTrip(logo)).toBe('to main\nshow not (1 + 2) = 3 and random 6 + 1 * 2 > 0\nend\n');
  });

  it('takes comments, blank lines and motor aliases', () => {
    const logo = '; my robot\n\nto main ; start\nba, cw\nshow acw?\nend\n';
    expect(roundTrip(logo)).toBe('to main\nab, thisway\nshow athisway?\nend\n');
  });

  it('reads cloud record names as quoted words', () => {
    // Not `cloud record "temp sensor1 show "hi"` on one line: the compiler (and so the
    // importer) reads a later quote on the line as the name's closing quote.
    const logo =
      'to main\ncloud record "temp sensor1\nshow "hi"\npublic cloud record "light sensor2\nend\n';
    expect(roundTrip(logo)).toBe(
      'to main\ncloud record "temp sensor1\nshow "hi"\npublic cloud record "light sensor2\nend\n',
    );
  });

  it.each([
    ['to main\nbeep\nREPEAT 3 [ beep ]\nend', 'unknown', 3, 'REPEAT'],
    ['to main\nshow y\nend', 'unknown', 2, 'y'],
    ['to main\nshow add 3 4\nend\n\nto add :a :b\noutput :a + :b\nend', 'syntax', 6, 'a'],
    // A procedure without its end: its `to` line.
    ['to main\nbeep\n', 'syntax', 1, 'to main'],
    ['to main\nstop\nbeep\nend', 'notAsBlocks', 3, 'beep'],
    ['to main\ndouble 2\nend\nto double :x\noutput x * 2\nend', 'notAsBlocks', 2, 'double'],
    ['to main\nshow 70000\nend', 'notAsBlocks', 2, '70000'],
    // The parse stops at the next line's word; the mistake is the line before.
    ['to main\nshow 1 +\nend', 'syntax', 2, 'show 1 +'],
    ['to main\nbeep\nfoo 1\nend\n\nto foo :a :b\nbeep\nend', 'syntax', 3, 'foo 1'],
    ['to main\nrepeat 4 [ beep\nwait 1\nend', 'syntax', 2, 'repeat 4 ['],
  ])('explains why %j cannot become blocks', (logo, problem, line, word) => {
    expect(problemOf(logo)).toEqual({ problem, line, word });
  });
});
