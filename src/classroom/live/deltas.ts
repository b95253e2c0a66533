// What a student sends of its program and board, and how the teacher's side puts it back
// together (docs/classroom.md "Live classroom"): a program edit is one splice of the text
// (most edits touch one place, so a few bytes instead of the whole workspace), a board
// update only the fields that changed. Pure, shared by the app and the bench.
import type {
  LiveBoardMessage,
  LiveBoardState,
  LiveCompile,
  LiveProgramMessage,
  Splice,
} from '../../contract/live-class.ts';

/** The one splice that turns `before` into `after` (null when they are equal). */
export function diffText(before: string, after: string): Splice | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < max - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end++;
  }
  return { i: start, n: before.length - start - end, s: after.slice(start, after.length - end) };
}

export function applySplice(text: string, splice: Splice | null): string {
  if (!splice) return text;
  if (splice.i < 0 || splice.i + splice.n > text.length) throw new RangeError('splice outside');
  return text.slice(0, splice.i) + splice.s + text.slice(splice.i + splice.n);
}

/** A program as the live view knows it. */
export interface LiveProgram {
  seq: number;
  at: number;
  luuid: string | null;
  mode: 'blocks' | 'logo';
  xml: string;
  logo: string;
  compile: LiveCompile | null;
  name: string;
}

/** The sender's side: the next message for `program`, whole when `full` or first. */
export class ProgramSender {
  private last: LiveProgram | null = null;
  private seq = 0;

  next(program: Omit<LiveProgram, 'seq'>, full: boolean): LiveProgramMessage | null {
    const last = this.last;
    const same =
      last !== null &&
      last.xml === program.xml &&
      last.logo === program.logo &&
      last.mode === program.mode &&
      last.luuid === program.luuid &&
      last.name === program.name &&
      JSON.stringify(last.compile) === JSON.stringify(program.compile);
    if (same && !full) return null;
    const seq = ++this.seq;
    const base = {
      seq,
      at: program.at,
      luuid: program.luuid,
      mode: program.mode,
      compile: program.compile,
      name: program.name,
    };
    this.last = { ...program, seq };
    if (full || !last) return { ...base, full: { xml: program.xml, logo: program.logo } };
    const d = { xml: diffText(last.xml, program.xml), logo: diffText(last.logo, program.logo) };
    // A splice as long as the text pays nothing.
    const size = (d.xml?.s.length ?? 0) + (d.logo?.s.length ?? 0);
    if (size >= program.xml.length + program.logo.length) {
      return { ...base, full: { xml: program.xml, logo: program.logo } };
    }
    return { ...base, base: last.seq, d };
  }

  /** Forget what was sent (the next message is whole). */
  reset(): void {
    this.last = null;
  }
}

/**
 * The receiver's side: the program after `message`, or null when the message is a delta
 * from a program it does not have (the caller asks for a sync).
 */
export function receiveProgram(
  known: LiveProgram | null,
  message: LiveProgramMessage,
): LiveProgram | null {
  const head = {
    seq: message.seq,
    at: message.at,
    luuid: message.luuid,
    mode: message.mode,
    compile: message.compile,
    name: message.name ?? known?.name ?? '',
  };
  if (message.full) return { ...head, xml: message.full.xml, logo: message.full.logo };
  if (!known || message.base !== known.seq || !message.d) return null;
  try {
    return {
      ...head,
      xml: applySplice(known.xml, message.d.xml),
      logo: applySplice(known.logo, message.d.logo),
    };
  } catch {
    return null;
  }
}

const BOARD_KEYS = ['link', 'type', 'running', 'motors', 'sensors'] as const;

/** The sender's side of the board: changed fields only, whole when asked or first. */
export class BoardSender {
  private last: LiveBoardState | null = null;
  private seq = 0;

  next(state: LiveBoardState, full: boolean, at: number): LiveBoardMessage | null {
    const last = this.last;
    this.last = state;
    if (full || !last) return { seq: ++this.seq, at, full: state };
    const d: Partial<LiveBoardState> = {};
    let changed = false;
    for (const key of BOARD_KEYS) {
      if (JSON.stringify(last[key]) !== JSON.stringify(state[key])) {
        (d as Record<string, unknown>)[key] = state[key];
        changed = true;
      }
    }
    return changed ? { seq: ++this.seq, at, d } : null;
  }

  reset(): void {
    this.last = null;
  }
}

/** The board after `message`; null for a delta without a known board (ask for a sync). */
export function receiveBoard(
  known: LiveBoardState | null,
  message: LiveBoardMessage,
): LiveBoardState | null {
  if (message.full) return message.full;
  if (!known || !message.d) return null;
  return { ...known, ...message.d };
}

export const NO_BOARD: LiveBoardState = {
  link: 'none',
  type: null,
  running: false,
  motors: [],
  sensors: [],
};
