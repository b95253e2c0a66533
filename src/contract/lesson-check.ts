// A lesson's automatic check (docs/classroom.md "Automatic check"): a scenario of sensor
// inputs over virtual time and the board outputs expected at given times. The server runs
// every Submit of the lesson on the virtual board's VM (the same WebAssembly core, headless,
// off the event loop) and records the share of expectations met as the grade, with the
// report below. The owner sets it with the lesson (`check` in LessonInput/LessonUpdate).
//
// Times are seconds of virtual time from the program's start (millisecond resolution).
import { Type, type Static } from '@sinclair/typebox';

/** Virtual time a scenario may cover, in seconds. */
const CHECK_DURATION_MAX = 60;
const CHECK_INPUTS_MAX = 200;
const CHECK_EXPECTS_MAX = 100;
const CHECK_TEXT_MAX = 60;
const CHECK_KEY_MAX = 32;
export const MOTOR_PORTS = ['a', 'b', 'c', 'd'] as const;
const DIRECTIONS = ['thisway', 'thatway'] as const;

const Time = Type.Number({ minimum: 0, maximum: CHECK_DURATION_MAX, description: 'Seconds' });
const Key = Type.String({ minLength: 1, maxLength: CHECK_KEY_MAX, pattern: '^[^,]+$' });
const Text = Type.String({ maxLength: CHECK_TEXT_MAX });

/** From time `t` on: sensor `sensor` reads `value`, or the board receives key-value `key`. */
const CheckInput = Type.Object(
  {
    t: Time,
    sensor: Type.Optional(Type.Integer({ minimum: 1, maximum: 8 })),
    key: Type.Optional(Key),
    /** 0..1023 for a sensor; text for a key. */
    value: Type.Union([Type.Integer({ minimum: 0, maximum: 1023 }), Text]),
  },
  { additionalProperties: false },
);
type CheckInput = Static<typeof CheckInput>;

/**
 * At time `t` the board shows what is given: a motor's on/direction/power, the user LED, the
 * number of beeps so far, the display text, the answer byte, or the last value the program
 * sent under a key. One expectation may name several outputs; each counts once.
 */
export const CheckExpect = Type.Object(
  {
    t: Time,
    motor: Type.Optional(Type.Union(MOTOR_PORTS.map((p) => Type.Literal(p)))),
    on: Type.Optional(Type.Boolean()),
    direction: Type.Optional(Type.Union(DIRECTIONS.map((d) => Type.Literal(d)))),
    power: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    led: Type.Optional(Type.Boolean()),
    beeps: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    display: Type.Optional(Text),
    answer: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
    key: Type.Optional(Key),
    value: Type.Optional(Text),
  },
  { additionalProperties: false },
);
export type CheckExpect = Static<typeof CheckExpect>;

export const LessonCheck = Type.Object(
  {
    /** Seconds the program runs (at least the last time named). */
    duration: Type.Number({ exclusiveMinimum: 0, maximum: CHECK_DURATION_MAX }),
    inputs: Type.Array(CheckInput, { maxItems: CHECK_INPUTS_MAX }),
    expect: Type.Array(CheckExpect, { minItems: 1, maxItems: CHECK_EXPECTS_MAX }),
  },
  { additionalProperties: false },
);
export type LessonCheck = Static<typeof LessonCheck>;

/** Why a check is malformed beyond its schema: a path and a reason, or null when sound. */
export interface CheckProblem {
  path: string;
  reason:
    | 'sensor_or_key'
    | 'sensor_value'
    | 'key_value'
    | 'after_duration'
    | 'motor_needs_field'
    | 'field_needs_motor'
    | 'key_needs_value'
    | 'value_needs_key'
    | 'nothing_expected';
}

const PROBLEM_TEXT: Record<CheckProblem['reason'], string> = {
  sensor_or_key: "an input names either 'sensor' or 'key'",
  sensor_value: 'a sensor value is a whole number from 0 to 1023',
  key_value: 'a key-value input has a text value',
  after_duration: "a time is after the check's duration",
  motor_needs_field: "a motor expectation names 'on', 'direction' or 'power'",
  field_needs_motor: "'on', 'direction' and 'power' need 'motor'",
  key_needs_value: "'key' needs 'value'",
  value_needs_key: "'value' needs 'key'",
  nothing_expected: 'an expectation names at least one output',
};

/** The problem as the English sentence of a 400 answer. */
export const checkProblemText = (p: CheckProblem) => `check${p.path}: ${PROBLEM_TEXT[p.reason]}`;

const OUTPUTS = ['led', 'beeps', 'display', 'answer', 'key'] as const;

/** Rules the schema cannot say; the first problem found, or null. */
export function checkProblem(check: LessonCheck): CheckProblem | null {
  for (const [i, input] of check.inputs.entries()) {
    const path = `/inputs/${i}`;
    if ((input.sensor === undefined) === (input.key === undefined)) {
      return { path, reason: 'sensor_or_key' };
    }
    if (input.sensor !== undefined && typeof input.value !== 'number') {
      return { path, reason: 'sensor_value' };
    }
    if (input.key !== undefined && typeof input.value !== 'string') {
      return { path, reason: 'key_value' };
    }
    if (input.t > check.duration) return { path, reason: 'after_duration' };
  }
  for (const [i, e] of check.expect.entries()) {
    const path = `/expect/${i}`;
    if (e.t > check.duration) return { path, reason: 'after_duration' };
    const motorFields = e.on !== undefined || e.direction !== undefined || e.power !== undefined;
    if (e.motor !== undefined && !motorFields) return { path, reason: 'motor_needs_field' };
    if (e.motor === undefined && motorFields) return { path, reason: 'field_needs_motor' };
    if (e.key !== undefined && e.value === undefined) return { path, reason: 'key_needs_value' };
    if (e.key === undefined && e.value !== undefined) return { path, reason: 'value_needs_key' };
    if (e.motor === undefined && OUTPUTS.every((o) => e[o] === undefined)) {
      return { path, reason: 'nothing_expected' };
    }
  }
  return null;
}

// The report of one run, stored with the submission.

/** The outputs one expectation compares; `actual` holds what the board did at `t`. */
const CHECK_OUTPUTS = [
  'on',
  'direction',
  'power',
  'led',
  'beeps',
  'display',
  'answer',
  'value',
] as const;
export type CheckOutput = (typeof CHECK_OUTPUTS)[number];

const Shown = Type.Union([Type.Boolean(), Type.Integer(), Type.String(), Type.Null()]);

export const CheckResult = Type.Object({
  t: Type.Number(),
  /** The motor port for on/direction/power, the key for value. */
  motor: Type.Optional(Type.String()),
  key: Type.Optional(Type.String()),
  output: Type.Union(CHECK_OUTPUTS.map((o) => Type.Literal(o))),
  expected: Shown,
  /** null: nothing happened yet (no value under the key). */
  actual: Shown,
  pass: Type.Boolean(),
});
export type CheckResult = Static<typeof CheckResult>;

/**
 * `ran`: the scenario ran to its end (the program may have ended or faulted earlier);
 * `compile_error`: the program does not compile; `fault`: the program stopped with a VM
 * fault (results up to that time still count); `too_long`: it used more than the CPU budget;
 * `not_run`: the server could not run it now (busy); a teacher grades by hand.
 */
const CHECK_OUTCOMES = ['ran', 'compile_error', 'fault', 'too_long', 'not_run'] as const;

export const CheckReport = Type.Object({
  outcome: Type.Union(CHECK_OUTCOMES.map((o) => Type.Literal(o))),
  /** The compiler's or the VM's message (English, technical), '' when none. */
  detail: Type.String(),
  passed: Type.Integer(),
  total: Type.Integer(),
  results: Type.Array(CheckResult),
});
export type CheckReport = Static<typeof CheckReport>;

/** What "Insert an example" puts in an empty check. */
export const EXAMPLE_CHECK: LessonCheck = {
  duration: 4,
  inputs: [
    { t: 0, sensor: 1, value: 200 },
    { t: 2, sensor: 1, value: 800 },
  ],
  expect: [
    { t: 1, motor: 'a', on: false },
    { t: 3, motor: 'a', on: true },
  ],
};
