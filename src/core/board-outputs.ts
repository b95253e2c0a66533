// What a running program shows on the board, read from the VM's events in one place: the
// virtual board mirrors it into the simulated board (vm-runner.ts) and a lesson's automatic
// check grades it (check/run-check.ts), so both read a program's display, beeps, answer and
// messages the same way. The displays hold what the real board's do (board-protocol §2.3):
// the 4-character display the first 4 characters of a short `show` (a number is shown as its
// decimal digits), the LCD module the first 60 of a long one.
import type { VmEvent } from './vm-layout.ts';

/** Characters the short (7-segment) display holds. */
const SHORT_DISPLAY_MAX = 4;
/** Characters the long (LCD module) display holds. */
const LONG_DISPLAY_MAX = 60;

export interface BoardOutputs {
  /** Beeps and notes since the start. */
  readonly beeps: number;
  /** The 4-character display. */
  readonly shortText: string;
  /** The LCD module. */
  readonly longText: string;
  /** The text last shown on either display; '' after a clear. */
  readonly display: string;
  /** The answer byte (`setanswer`). */
  readonly answer: number;
  /** The last value sent under each key with `sendmessage` (keys in lower case). */
  readonly sent: ReadonlyMap<string, string>;
}

export const NO_OUTPUTS: BoardOutputs = {
  beeps: 0,
  shortText: '',
  longText: '',
  display: '',
  answer: 0,
  sent: new Map(),
};

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** The first `max` bytes of `text` as the board receives them (no character cut in half). */
export function displayed(text: string, max: number): string {
  const bytes = utf8.encode(text);
  if (bytes.length <= max) return text;
  let end = max;
  // Back off continuation bytes (10xxxxxx) so the cut falls between characters.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return fromUtf8.decode(bytes.subarray(0, end));
}

/** The outputs after one event. */
export function boardOutput(outputs: BoardOutputs, event: VmEvent): BoardOutputs {
  switch (event.type) {
    case 'beep':
    case 'note':
      return { ...outputs, beeps: outputs.beeps + 1 };
    case 'show-short': {
      const shortText = displayed(event.text, SHORT_DISPLAY_MAX);
      return { ...outputs, shortText, display: shortText };
    }
    case 'show-long': {
      const longText = displayed(event.text, LONG_DISPLAY_MAX);
      return { ...outputs, longText, display: longText };
    }
    case 'clear-display':
      return { ...outputs, shortText: '', longText: '', display: '' };
    case 'answer':
      return { ...outputs, answer: event.value };
    case 'send-message': {
      const sent = new Map(outputs.sent);
      sent.set(event.topic.toLowerCase(), event.text);
      return { ...outputs, sent };
    }
    default:
      return outputs;
  }
}

/** The outputs after `events`, from `from` (the start of a run when left out). */
export function boardOutputs(
  events: readonly VmEvent[],
  from: BoardOutputs = NO_OUTPUTS,
): BoardOutputs {
  return events.reduce(boardOutput, from);
}
