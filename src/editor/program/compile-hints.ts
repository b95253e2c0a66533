// Student-friendly hints beside the compiler's message. The compiler's text stays byte-exact
// (spec core §8); when it stops with a syntax error, this reads the same Logo text again for
// the usual causes and says what is missing, where it was opened and what to try.
import type { TFunction } from 'i18next';
import {
  LOGO_CONTROL,
  LOGO_INPUTS,
  LOGO_PRIMITIVES,
  LOGO_WORD_OPERATORS,
} from '../logo/keywords.ts';

export type CompileHint =
  | { kind: 'unclosedBracket'; openLine: number }
  | { kind: 'extraBracket'; line: number }
  | { kind: 'missingEnd'; name: string; line: number }
  | { kind: 'unknownWord'; word: string; suggestion: string | null }
  | { kind: 'inputs'; word: string; expected: number; given: number };

interface Token {
  text: string;
  line: number;
}

interface Procedure {
  name: string;
  line: number;
  inputs: number;
}

const KNOWN = [...LOGO_CONTROL, ...LOGO_PRIMITIVES, ...LOGO_WORD_OPERATORS];
const KNOWN_SET: ReadonlySet<string> = new Set(KNOWN);
const INFIX = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '=',
  '>',
  '<',
  '>=',
  '<=',
  '!=',
  'and',
  'or',
  'xor',
]);

function tokenize(source: string): Token[] {
  const out: Token[] = [];
  source.split('\n').forEach((raw, i) => {
    const code = raw.replace(/;.*$/, '');
    for (const m of code.matchAll(/[[\]()]|[^\s[\]()]+/g)) out.push({ text: m[0], line: i + 1 });
  });
  return out;
}

function procedures(tokens: readonly Token[]): Procedure[] {
  const found: Procedure[] = [];
  tokens.forEach((tok, i) => {
    const name = tokens[i + 1];
    if (tok.text.toLowerCase() !== 'to' || !name || name.line !== tok.line) return;
    if (i > 0 && tokens[i - 1]?.line === tok.line) return;
    let inputs = 0;
    for (let j = i + 2; tokens[j]?.line === tok.line && tokens[j]?.text.startsWith(':'); j++) {
      inputs++;
    }
    found.push({ name: name.text, line: tok.line, inputs });
  });
  return found;
}

/** Levenshtein distance, case-insensitive (the compiler reads `REPEAT` as an unknown name). */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[y.length] ?? 0;
}

/** The known word closest to `word`, if it is close enough to be a likely typo. */
export function nearestWord(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

function bracketHint(tokens: readonly Token[], errorLine: number): CompileHint | null {
  const open: number[] = [];
  for (const tok of tokens) {
    const boundary = /^(to|end)$/i.test(tok.text);
    if (boundary && open.length > 0) break;
    if (tok.text === '[') open.push(tok.line);
    else if (tok.text === ']') {
      if (open.length === 0)
        return tok.line <= errorLine ? { kind: 'extraBracket', line: tok.line } : null;
      open.pop();
    }
  }
  const first = open[0];
  return first !== undefined && first <= errorLine
    ? { kind: 'unclosedBracket', openLine: first }
    : null;
}

function missingEndHint(tokens: readonly Token[], errorLine: number): CompileHint | null {
  let open: { name: string; line: number } | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    if (tokens[i - 1]?.line === tok.line) continue;
    const word = tok.text.toLowerCase();
    if (word === 'end') open = null;
    else if (word === 'to' && tokens[i + 1]?.line === tok.line) {
      // A second `to` while a procedure is still open: that one lacks its `end`.
      if (open) break;
      open = { name: tokens[i + 1]?.text ?? '', line: tok.line };
    }
  }
  return open && open.line <= errorLine ? { kind: 'missingEnd', ...open } : null;
}

function inputsOf(word: string, procs: readonly Procedure[]): number | undefined {
  return LOGO_INPUTS[word] ?? procs.find((p) => p.name === word)?.inputs;
}

function isValue(text: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(text) || text.startsWith(':') || text.startsWith('"');
}

/** Counts the inputs given to the command just before `at` (tokens[at] is where it stopped). */
function inputsHint(
  tokens: readonly Token[],
  at: number,
  procs: readonly Procedure[],
): CompileHint | null {
  let given = 0;
  for (let i = at - 1; i >= 0; i--) {
    const text = tokens[i]?.text ?? '';
    if (INFIX.has(text)) {
      given--;
      continue;
    }
    if (isValue(text)) {
      given++;
      continue;
    }
    const expected = inputsOf(text, procs);
    if (expected === undefined) return null;
    if (REPORTERS.has(text)) {
      given += 1 - expected;
      continue;
    }
    // Stopped on a value: the command got one more than it takes.
    const stopped = tokens[at]?.text ?? '';
    if (isValue(stopped) && given === expected) given++;
    return given !== expected ? { kind: 'inputs', word: text, expected, given } : null;
  }
  return null;
}

const REPORTERS: ReadonlySet<string> = new Set([
  ...'timer random readsensor readswitch ir recall key seconds minutes hours'.split(' '),
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`sensor${n}`, `switch${n}`]),
]);

/** The likely cause of a compile error, or null when none of the usual ones fits. */
export function findCompileHint(source: string, message: string): CompileHint | null {
  const m = /^Line (\d+): Syntax error at (?:'([\s\S]*)'|the end of the program)$/.exec(message);
  if (!m) return null;
  const line = Number(m[1]);
  const word = m[2];
  const tokens = tokenize(source);
  const procs = procedures(tokens);
  const hint = bracketHint(tokens, line) ?? missingEndHint(tokens, line);
  if (hint) return hint;
  if (word === undefined) return null;
  const at = tokens.findIndex((tok) => tok.line === line && tok.text === word);
  if (at < 0) return null;
  const byInputs = inputsHint(tokens, at, procs);
  if (byInputs) return byInputs;
  const known = KNOWN_SET.has(word) || procs.some((p) => p.name === word);
  if (!known && /^[A-Za-z_][\w.?]*$/.test(word)) {
    const names = [...KNOWN, ...procs.map((p) => p.name)];
    return { kind: 'unknownWord', word, suggestion: nearestWord(word, names) };
  }
  return null;
}

export function compileHintText(t: TFunction, hint: CompileHint): string {
  switch (hint.kind) {
    case 'unclosedBracket':
      return t('download:hint.unclosedBracket', { line: hint.openLine });
    case 'extraBracket':
      return t('download:hint.extraBracket', { line: hint.line });
    case 'missingEnd':
      return t('download:hint.missingEnd', { name: hint.name, line: hint.line });
    case 'unknownWord':
      return hint.suggestion === null
        ? t('download:hint.unknownWord', { word: hint.word })
        : t('download:hint.didYouMean', { word: hint.word, suggestion: hint.suggestion });
    case 'inputs':
      return t('download:hint.inputs', hint);
  }
}
