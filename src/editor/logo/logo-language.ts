// GoGo Logo for CodeMirror: a stream tokenizer for highlighting (comments, strings,
// numbers, control words, board primitives, motor selectors, parameters, operators).
import { StreamLanguage, type StreamParser } from '@codemirror/language';
import { LOGO_CONTROL, LOGO_PRIMITIVES, LOGO_WORD_OPERATORS } from './keywords.ts';

const CONTROL = new Set(LOGO_CONTROL);
const PRIMITIVES = new Set(LOGO_PRIMITIVES);
const WORD_OPERATORS = new Set(LOGO_WORD_OPERATORS);

/** Board words spelled with a `?` or built from motor letters. */
const SPECIAL_REPORTER =
  /^(?:[abcd]+(?:on|off|thisway|thatway|cw|ccw)\?|[abcd]power\b|(?:newir|newserial|facefound|screentapped|rfidtagfound|rfidreaderfound)\?)/;

interface LogoState {
  /** The previous word was `to`: the next one names a procedure. */
  afterTo: boolean;
}

export const logoParser: StreamParser<LogoState> = {
  name: 'logo',
  startState: () => ({ afterTo: false }),
  token(stream, state) {
    if (stream.eatSpace()) return null;
    if (stream.peek() === ';') {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.peek() === '"') {
      // "text" up to the closing quote on this line; otherwise a quoted word ("name).
      if (!stream.match(/^"[^"]*"/)) stream.match(/^"\S*/);
      return 'string';
    }
    if (stream.match(/^\d+/)) return 'number';
    if (stream.match(/^[abcd]+,/)) return 'atom';
    if (stream.match(SPECIAL_REPORTER)) return 'builtin';
    if (stream.match(/^:[A-Za-z_]\w*/)) return 'variableName.special';
    if (stream.match(/^(?:<=|>=|[+\-*/%=<>])/)) return 'operator';
    if (stream.match(/^[[\]()]/)) return 'bracket';
    const word = stream.match(/^[A-Za-z_]\w*/);
    if (word) {
      const text = (word as RegExpMatchArray)[0];
      if (state.afterTo) {
        state.afterTo = false;
        return 'def';
      }
      if (text === 'to') state.afterTo = true;
      if (CONTROL.has(text)) return 'keyword';
      if (WORD_OPERATORS.has(text)) return 'operatorKeyword';
      if (PRIMITIVES.has(text) || /^(?:sensor|switch)\d$/.test(text)) return 'builtin';
      return 'variableName';
    }
    stream.next();
    return 'invalid';
  },
  languageData: { commentTokens: { line: ';' } },
};

export const logoLanguage = StreamLanguage.define(logoParser);
