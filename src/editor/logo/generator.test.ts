import { beforeAll, describe, expect, it } from 'vitest';
import {
  arith,
  call,
  compare,
  n,
  procedure,
  programXml,
  s,
  set,
  setUpBlocks,
  v,
  type B,
} from '../test-support.ts';
import { logoFromXml } from '../workspace/headless.ts';
import { GOLDEN_PROGRAMS } from './golden-programs.ts';

beforeAll(setUpBlocks);

const logo = (body: B[], others: B[] = [], options = {}) =>
  logoFromXml(programXml(body, others, options));

describe('Logo generator', () => {
  it('writes forever [ if sensor1 > 500 [ a, on ] ] for the classic motor program', () => {
    const program = logo([
      s('gogo_forever', undefined, {
        DO: [
          s(
            'gogo_if',
            {},
            {
              COND: compare(s('gogo_sensor', { PORT: '1' }), 'GT', n(500)),
              DO: [s('gogo_talkto', { PORTS: 'a' }), s('gogo_motor_on')],
            },
          ),
        ],
      }),
    ]);
    expect(program).toBe('to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n');
  });
});

/** Whitespace-insensitive form of a Logo program (the 1.3 compiler ignores layout). */
const tokens = (text: string) => text.replace(/\s+/g, ' ').trim();

const sensor = (port: number) => s('gogo_sensor', { PORT: String(port) });
const talk = (ports: string) => s('gogo_talkto', { PORTS: ports });
const word = (type: string) => s(type);

// [golden sample id, its Logo text (fixtures/logo-1.3-golden.json), the same program in blocks]
const GOLDEN: [string, string | undefined, () => string][] = [
  ['s01', GOLDEN_PROGRAMS.s01, () => logo([word('gogo_beep')])],
  [
    's02',
    GOLDEN_PROGRAMS.s02,
    () =>
      logo([
        talk('a'),
        word('gogo_motor_on'),
        s('gogo_wait', {}, { TIME: n(10) }),
        word('gogo_motor_off'),
      ]),
  ],
  [
    's03',
    GOLDEN_PROGRAMS.s03,
    () =>
      logo([
        s(
          'gogo_repeat',
          {},
          { TIMES: n(3), DO: [word('gogo_beep'), s('gogo_wait', {}, { TIME: n(5) })] },
        ),
      ]),
  ],
  [
    's04',
    GOLDEN_PROGRAMS.s04,
    () =>
      logo([
        s(
          'gogo_forever',
          {},
          {
            DO: [
              s(
                'gogo_if',
                {},
                { COND: compare(sensor(1), 'GT', n(500)), DO: [talk('ab'), word('gogo_motor_on')] },
              ),
            ],
          },
        ),
      ]),
  ],
  [
    's05',
    GOLDEN_PROGRAMS.s05,
    () =>
      logo([
        s(
          'gogo_ifelse',
          {},
          {
            COND: s('gogo_switch', { PORT: '2' }),
            DO: [s('gogo_led', { STATE: 'ledon' })],
            ELSE: [s('gogo_led', { STATE: 'ledoff' })],
          },
        ),
      ]),
  ],
  [
    's06',
    GOLDEN_PROGRAMS.s06,
    () =>
      logo([
        s('gogo_waituntil', {}, { COND: compare(sensor(3), 'LT', n(100)) }),
        word('gogo_beep'),
      ]),
  ],
  [
    's07',
    GOLDEN_PROGRAMS.s07,
    () =>
      logo([
        set('x', n(0)),
        s('gogo_repeat', {}, { TIMES: n(10), DO: [set('x', arith(v('x'), 'ADD', n(1)))] }),
        s('gogo_show', {}, { VALUE: v('x') }),
      ]),
  ],
  [
    's08',
    GOLDEN_PROGRAMS.s08,
    () =>
      logo(
        [s('gogo_show', {}, { VALUE: call('add', ['a', 'b'], [n(3), n(4)], true) })],
        [procedure('add', ['a', 'b'], [], { returns: arith(v('a'), 'ADD', v('b')) })],
      ),
  ],
  ['s09', GOLDEN_PROGRAMS.s09, () => logo([s('gogo_show_text', { TEXT: 'hi' })])],
  [
    's11',
    GOLDEN_PROGRAMS.s11,
    () =>
      logo([
        talk('abcd'),
        word('gogo_motor_on'),
        talk('cd'),
        s('gogo_motor_direction', { DIR: 'thisway' }),
        talk('b'),
        s('gogo_motor_direction', { DIR: 'thatway' }),
        talk('a'),
        s('gogo_motor_direction', { DIR: 'rd' }),
        talk('ac'),
        word('gogo_motor_off'),
      ]),
  ],
  [
    's12',
    GOLDEN_PROGRAMS.s12,
    () =>
      logo([
        talk('a'),
        s('gogo_setpower', {}, { POWER: n(7) }),
        talk('a'),
        s('gogo_motor_onfor', {}, { TIME: n(20) }),
      ]),
  ],
  [
    's13',
    GOLDEN_PROGRAMS.s13,
    () =>
      logo([
        word('gogo_resetdp'),
        s('gogo_record', {}, { VALUE: sensor(1) }),
        s('gogo_setdp', {}, { POS: n(0) }),
        s('gogo_show', {}, { VALUE: word('gogo_recall') }),
      ]),
  ],
  [
    's14',
    GOLDEN_PROGRAMS.s14,
    () =>
      logo(
        [s('gogo_forever', {}, { DO: [word('gogo_beep'), s('gogo_wait', {}, { TIME: n(10) })] })],
        [],
        { autorun: true },
      ),
  ],
  [
    's15',
    GOLDEN_PROGRAMS.s15,
    () =>
      logo([
        s(
          'gogo_forever',
          {},
          {
            DO: [
              s(
                'gogo_ifstatechange',
                {},
                { COND: s('gogo_switch', { PORT: '1' }), DO: [word('gogo_beep')] },
              ),
            ],
          },
        ),
      ]),
  ],
  [
    's16',
    GOLDEN_PROGRAMS.s16,
    () =>
      logo([
        s('gogo_i2c_write', {}, { ADDRESS: n(80), REGISTER: n(1), VALUE: n(255) }),
        s('gogo_show', {}, { VALUE: s('gogo_i2c_read', {}, { ADDRESS: n(80), REGISTER: n(2) }) }),
      ]),
  ],
  [
    's17',
    GOLDEN_PROGRAMS.s17,
    () =>
      logo([
        s('gogo_show', {}, { VALUE: s('gogo_rtc_get', { ITEM: 'seconds' }) }),
        s('gogo_show', {}, { VALUE: s('gogo_rtc_get', { ITEM: 'hours' }) }),
      ]),
  ],
  [
    's18',
    GOLDEN_PROGRAMS.s18,
    () =>
      logo([
        s('gogo_show', {}, { VALUE: n(1000) }),
        s(
          'gogo_show',
          {},
          {
            VALUE: arith(
              arith(n(300), 'MULTIPLY', n(2)),
              'SUBTRACT',
              arith(arith(n(7), 'DIVIDE', n(3)), 'MODULO', n(2)),
            ),
          },
        ),
      ]),
  ],
  [
    's20',
    GOLDEN_PROGRAMS.s20,
    () =>
      logo([
        s('gogo_servo_heading', {}, { HEADING: n(20) }),
        s('gogo_servo_turn', { DIR: 'lt' }, { STEP: n(5) }),
        s('gogo_servo_turn', { DIR: 'rt' }, { STEP: n(5) }),
      ]),
  ],
  [
    's21',
    GOLDEN_PROGRAMS.s21,
    () =>
      logo([
        word('gogo_resett'),
        s('gogo_waituntil', {}, { COND: compare(word('gogo_timer'), 'GT', n(1000)) }),
        s('gogo_show', {}, { VALUE: s('gogo_random', {}, { MAX: n(100) }) }),
      ]),
  ],
  [
    's22',
    GOLDEN_PROGRAMS.s22,
    () =>
      logo([
        s('gogo_sendmessage', { TOPIC: 'topic' }, { VALUE: n(42) }),
        s('gogo_sendmessage_text', { TOPIC: 'topic', TEXT: 'text' }),
      ]),
  ],
  [
    's23',
    GOLDEN_PROGRAMS.s23,
    () =>
      logo([
        s(
          'gogo_if',
          {},
          { COND: s('gogo_key_equals', { KEY: 'color', VALUE: 'red' }), DO: [word('gogo_beep')] },
        ),
        s('gogo_show', {}, { VALUE: s('gogo_intkey', { KEY: 'speed' }) }),
      ]),
  ],
  [
    's24',
    GOLDEN_PROGRAMS.s24,
    () => logo([s('gogo_pi_record', { FILE: 'temp' }, { VALUE: sensor(1) })]),
  ],
  [
    's25',
    GOLDEN_PROGRAMS.s25,
    () =>
      logo(
        [s('gogo_forever', {}, { DO: [call('blink', [], [])] })],
        [
          procedure(
            'blink',
            [],
            [
              s('gogo_led', { STATE: 'ledon' }),
              s('gogo_wait', {}, { TIME: n(5) }),
              s('gogo_led', { STATE: 'ledoff' }),
              s('gogo_wait', {}, { TIME: n(5) }),
            ],
          ),
        ],
      ),
  ],
  [
    's26',
    GOLDEN_PROGRAMS.s26,
    () =>
      logo([
        s('gogo_settickrate', {}, { RATE: n(10) }),
        s(
          'gogo_forever',
          {},
          {
            DO: [
              s(
                'gogo_if',
                {},
                {
                  COND: compare(word('gogo_tickcount'), 'GT', n(0)),
                  DO: [word('gogo_beep'), word('gogo_cleartick')],
                },
              ),
            ],
          },
        ),
      ]),
  ],
  [
    's28',
    GOLDEN_PROGRAMS.s28,
    () =>
      logo([
        word('gogo_cls'),
        s('gogo_setpos', {}, { POS: n(16) }),
        s('gogo_show', {}, { VALUE: word('gogo_getpos') }),
      ]),
  ],
  [
    's29',
    GOLDEN_PROGRAMS.s29,
    () => logo([s('gogo_voice', { ACTION: 'play' }), s('gogo_voice_track', {}, { TRACK: n(2) })]),
  ],
  [
    's30',
    GOLDEN_PROGRAMS.s30,
    () =>
      logo([
        s('gogo_pi_camera', { ACTION: 'usecamera' }),
        s('gogo_pi_say', { TEXT: 'hello' }),
        word('gogo_stop'),
      ]),
  ],
  ['s33', GOLDEN_PROGRAMS.s33, () => logo([word('gogo_stopall')])],
  [
    's35',
    GOLDEN_PROGRAMS.s35,
    () => logo([s('gogo_repeat', {}, { TIMES: n(300), DO: [word('gogo_beep')] })]),
  ],
  [
    't01',
    GOLDEN_PROGRAMS.t01,
    () =>
      logo(
        [s('gogo_show', {}, { VALUE: call('fact', ['n'], [n(5)], true) })],
        [
          procedure(
            'fact',
            ['n'],
            [
              s(
                'gogo_ifelse',
                {},
                {
                  COND: compare(v('n'), 'EQ', n(0)),
                  DO: [s('gogo_output', {}, { VALUE: n(1) })],
                  ELSE: [
                    s(
                      'gogo_output',
                      {},
                      {
                        VALUE: arith(
                          v('n'),
                          'MULTIPLY',
                          call('fact', ['n'], [arith(v('n'), 'SUBTRACT', n(1))], true),
                        ),
                      },
                    ),
                  ],
                },
              ),
            ],
            { reporter: true },
          ),
        ],
      ),
  ],
  [
    't04',
    GOLDEN_PROGRAMS.t04,
    () =>
      logo(
        [call('f3', ['x', 'y', 'z'], [n(1), n(2), n(3)])],
        [
          procedure(
            'f3',
            ['x', 'y', 'z'],
            [
              s('gogo_show', {}, { VALUE: v('x') }),
              s('gogo_show', {}, { VALUE: v('y') }),
              s('gogo_show', {}, { VALUE: v('z') }),
            ],
          ),
        ],
      ),
  ],
];

describe('Logo generator (programs the 1.3 compiler accepts)', () => {
  it.each(GOLDEN)('writes golden sample %s from blocks', (_id, expected, generate) => {
    expect(tokens(generate())).toBe(tokens(expected ?? ''));
  });
});

// Block workspaces saved as XML (fixtures/NAME.xml) and the exact Logo they give (NAME.logo).
const xmlFixtures = import.meta.glob<string>('./fixtures/*.xml', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const logoFixtures = import.meta.glob<string>('./fixtures/*.logo', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const FIXTURES = Object.keys(xmlFixtures).map((path) => [
  path.replace(/^.*\/(.+)\.xml$/, '$1'),
  xmlFixtures[path] ?? '',
  logoFixtures[path.replace(/\.xml$/, '.logo')] ?? '',
]);

describe('Logo generator (workspace fixtures)', () => {
  it('has a fixture for each case it covers', () => {
    expect(FIXTURES.map(([name]) => name).sort()).toEqual([
      'empty-bodies',
      'expressions',
      'forever-if-sensor',
      'globals-and-parameters',
      'long-lists',
      'loose-and-disabled',
      'user-names',
    ]);
  });

  it.each(FIXTURES)('writes the expected Logo for %s', (_name, xml, expected) => {
    expect(expected).not.toBe('');
    expect(logoFromXml(xml ?? '')).toBe(expected);
  });
});

describe('Logo generator (program structure)', () => {
  it('writes an empty start block as a main procedure that stops', () => {
    expect(logo([])).toBe('to main\nstop\nend\n');
  });

  it('initialises each global once, before the program, unless the program sets it first', () => {
    const program = logo([
      set('a', n(1)),
      s('gogo_show', {}, { VALUE: arith(v('a'), 'ADD', v('b')) }),
    ]);
    expect(program).toBe('to main\nset b 0\nset a 1\nshow a + b\nend\n');
  });

  it('keeps a variable that reads itself in its first set initialised', () => {
    expect(logo([set('a', arith(v('a'), 'ADD', n(1)))])).toBe(
      'to main\nset a 0\nset a a + 1\nend\n',
    );
  });

  it('gives a procedure and a variable of the same name different Logo names', () => {
    const program = logo(
      [set('beat', n(1)), call('beat', [], [])],
      [procedure('beat', [], [s('gogo_beep')])],
    );
    expect(program).toBe('to main\nset beat_2 1\nbeat\nend\n\nto beat\nbeep\nend\n');
  });

  it('writes procedures in workspace order after main', () => {
    const program = logo(
      [],
      [procedure('b', [], [s('gogo_beep')]), procedure('a', [], [s('gogo_cls')])],
    );
    expect(program.indexOf('to main')).toBe(0);
    expect(program.indexOf('to b')).toBeLessThan(program.indexOf('to a'));
  });
});
