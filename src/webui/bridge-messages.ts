// What the board bridge publishes and accepts (docs/labs.md "Board bridge"): topic names
// relative to the user's namespace, the payload text of each board value, and the checks of
// every command that arrives. Pure: no broker, no board.
import type { BuiltinSensors } from '../device/device.ts';

/** Motor ports a command may name. */
const BRIDGE_MOTORS = ['a', 'b', 'c', 'd'] as const;
type BridgeMotor = (typeof BRIDGE_MOTORS)[number];

/** The filters the bridge subscribes to, relative to the namespace. */
export const COMMAND_FILTERS = ['motor/+/power', 'motor/+/on', 'kv-out/+'] as const;

/** A topic level the bridge publishes under (`kv/{name}`) or takes (`kv-out/{name}`). */
const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
/** The board's key-value text `key,value` is at most 60 bytes (board-protocol §3.4). */
const KEY_VALUE_BYTES_MAX = 60;

export const sensorTopic = (port: number) => `sensor/${port}`;
const keyValueTopic = (key: string) => `kv/${key}`;

/** A key-value message's topic, or null when its key cannot be a topic level. */
export function keyValueTopicOf(key: string): string | null {
  return NAME_PATTERN.test(key) ? keyValueTopic(key) : null;
}

/** Decimal text without float noise: at most two decimals. */
export function numberText(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** The built-in sensors as topic → payload (boards 6, 7 and Bright). */
export function builtinPayloads(b: BuiltinSensors): [string, string][] {
  return [
    ['builtin/light', b.light],
    ['builtin/loudness', b.loudness],
    ['builtin/proximity', b.proximity],
    ['builtin/temperature', b.temperature],
    ['builtin/humidity', b.humidity],
    ['builtin/gesture', b.handGesture],
    ['builtin/orientation', b.orientation],
    ['builtin/accel/x', b.accelX],
    ['builtin/accel/y', b.accelY],
    ['builtin/accel/z', b.accelZ],
    ['builtin/acceleration', b.acceleration],
    ['builtin/color/r', b.rgb.r],
    ['builtin/color/g', b.rgb.g],
    ['builtin/color/b', b.rgb.b],
  ].map(([topic, value]) => [topic as string, numberText(value as number)]);
}

/** A command taken from the broker, checked. */
export type BridgeCommand =
  | { kind: 'power'; motor: BridgeMotor; percent: number }
  | { kind: 'on'; motor: BridgeMotor; on: boolean }
  | { kind: 'key-value'; key: string; value: string };

const ON_WORDS: Record<string, boolean> = {
  on: true,
  off: false,
  '1': true,
  '0': false,
  true: true,
  false: false,
};

/**
 * The command a message on `topic` (relative) carries, or null when the topic or the
 * payload is not one the bridge accepts.
 */
export function parseCommand(topic: string, payload: string): BridgeCommand | null {
  const levels = topic.split('/');
  const text = payload.trim();
  if (levels.length === 3 && levels[0] === 'motor') {
    const motor = BRIDGE_MOTORS.find((m) => m === levels[1]);
    if (!motor) return null;
    if (levels[2] === 'power') {
      if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) return null;
      const percent = Math.round(Number(text));
      return percent <= 100 ? { kind: 'power', motor, percent } : null;
    }
    if (levels[2] === 'on') {
      const on = ON_WORDS[text.toLowerCase()];
      return on === undefined ? null : { kind: 'on', motor, on };
    }
    return null;
  }
  if (levels.length === 2 && levels[0] === 'kv-out') {
    const name = levels[1] ?? '';
    if (!NAME_PATTERN.test(name)) return null;
    // The board splits at the first comma and keeps keys in lower case.
    const key = name.toLowerCase();
    if (new TextEncoder().encode(`${key},${payload}`).length > KEY_VALUE_BYTES_MAX) return null;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(payload)) return null;
    return { kind: 'key-value', key, value: payload };
  }
  return null;
}
