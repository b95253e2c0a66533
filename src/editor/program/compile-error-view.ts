// What the editor shows for a compile error: the line and the words where the mistake is
// (the compiler's `mistake`), what is wrong there (a hint, else the compiler's own words),
// and, when the compiler stopped somewhere else, where it stopped (its message, spec core §8).
// logoc stops at the token it could not read: a command short of inputs at the end of line 6
// makes it stop at `end` on line 7; the mistake is on line 6.
import type { TFunction } from 'i18next';
import type { LogoMistake } from '../../core/wasm-core.ts';
import { translateCompileMessage } from '../../download/index.ts';
import { quotedWords } from '../logo/format.ts';
import { compileHintText, findCompileHint } from './compile-hints.ts';
import type { LogoError } from '../../program/index.ts';

/**
 * The error to list and mark for a compiler's `message` about `source`, or null when it
 * names no line. `mistake` is where the compiler says the user has something to change.
 */
export function compileErrorView(
  t: TFunction,
  source: string,
  message: string,
  line?: number,
  mistake?: LogoMistake,
): LogoError | null {
  const stopped = translateCompileMessage(t, message);
  const stopLine = stopped.line ?? line ?? null;
  const hint = findCompileHint(source, message);
  const help = hint ? compileHintText(t, hint) : null;
  const range = mistake && {
    line: mistake.line,
    column: mistake.column,
    endLine: mistake.endLine,
    endColumn: mistake.endColumn,
  };
  if (!mistake || stoppedAt(message, stopLine, mistake)) {
    if (stopLine === null) return null;
    return {
      line: mistake?.line ?? stopLine,
      message: help ? `${stopped.text} — ${help}` : stopped.text,
      ...(range ? { range } : {}),
    };
  }
  return {
    line: mistake.line,
    message: t('download:mistake.at', {
      words: quotedWords(mistake.text),
      explanation: help ?? t('download:mistake.incomplete'),
    }),
    note: t('download:mistake.stopped', {
      message:
        stopLine === null
          ? stopped.text
          : t('download:compiler.atLine', { line: stopLine, text: stopped.text }),
    }),
    ...(range ? { range } : {}),
  };
}

/** Whether the compiler stopped at the mistake itself (the usual case), not after it. */
function stoppedAt(message: string, stopLine: number | null, mistake: LogoMistake): boolean {
  if (mistake.line !== stopLine) return false;
  if (/Syntax error at the end of the program$/.test(message)) return false;
  const word = /Syntax error at '([\s\S]*)'$/.exec(message)?.[1];
  return word === undefined || word === mistake.text;
}
