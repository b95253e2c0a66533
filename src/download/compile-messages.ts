// The compiler's messages in the user's language. The compiler (core-rs, the same on the
// server and in the worker) writes English sentences with fixed shapes; each shape is a key
// of the `download` namespace here, with its values. English shows the compiler's own text
// (spec core §8: 'result false shows the server message'); a message of unknown shape is
// shown as it came.
import type { TFunction } from 'i18next';

interface Shape {
  re: RegExp;
  key: string;
  names: string[];
}

const shapes: Shape[] = [
  { re: /^Syntax error at the end of the program$/, key: 'syntaxEnd', names: [] },
  { re: /^Syntax error at '(.*)'$/, key: 'syntaxAt', names: ['word'] },
  { re: /^I don't know the expression '(.*)'$/, key: 'unknownName', names: ['word'] },
  {
    re: /^'(.*)' is not available in Logo (\S+)$/,
    key: 'notInVersion',
    names: ['word', 'version'],
  },
  {
    re: /^The procedure '(.*)' is called but never defined$/,
    key: 'undefinedProcedure',
    names: ['name'],
  },
  {
    re: /^The number (\d+) is too big; the largest number is (\d+)$/,
    key: 'numberTooBig',
    names: ['n', 'max'],
  },
  {
    re: /^The procedure '(.*)' has (\d+) inputs; a procedure can have at most (\d+)$/,
    key: 'tooManyInputs',
    names: ['name', 'n', 'max'],
  },
  {
    re: /^The node number (\d+) is too big; the largest is (\d+)$/,
    key: 'nodeTooBig',
    names: ['n', 'max'],
  },
  { re: /^This program nests more than (\d+) levels deep$/, key: 'tooDeep', names: ['max'] },
  {
    re: /^This text is (\d+) bytes long; text can have at most (\d+) bytes$/,
    key: 'textTooLong',
    names: ['n', 'max'],
  },
  {
    re: /^This list is (\d+) bytes long; a list in Logo (\S+) can hold at most (\d+) bytes$/,
    key: 'listTooLong',
    names: ['n', 'version', 'max'],
  },
  { re: /^I can't tell which procedure this line belongs to\b/, key: 'noProcedure', names: [] },
  {
    re: /^I can't find where the procedure '(.*?)' begins and ends\b/,
    key: 'procedureBounds',
    names: ['name'],
  },
  { re: /^A procedure can have at most (\d+) inputs$/, key: 'procedureInputs', names: ['max'] },
  {
    re: /^A program can have at most (\d+) global variables$/,
    key: 'tooManyGlobals',
    names: ['max'],
  },
  {
    re: /^A program can have at most (\d+) ifstatechange commands$/,
    key: 'tooManyStateChanges',
    names: ['max'],
  },
  { re: /^The program is not valid UTF-8 text$/, key: 'encoding', names: [] },
  { re: /^There is no procedure to compile\b/, key: 'empty', names: [] },
  {
    re: /^There is an invalid input in command "(cloud record|public cloud record)"$/,
    key: 'invalidInput',
    names: ['command'],
  },
  {
    re: /^The Logo code is too large! I don't have enough memory to hold it$/,
    key: 'tooLarge',
    names: [],
  },
];

interface CompileMessage {
  /** 1-based line the message is about, if any. */
  line: number | null;
  /** The message without its "Line N: " prefix, translated. */
  text: string;
}

/** Splits "Line N: …" and translates the rest; unknown shapes stay as they came. */
export function translateCompileMessage(t: TFunction, message: string): CompileMessage {
  const m = /^Line (\d+): ([\s\S]*)$/.exec(message);
  const line = m ? Number(m[1]) : null;
  const rest = m?.[2] ?? message;
  for (const shape of shapes) {
    const found = shape.re.exec(rest);
    if (!found) continue;
    const values: Record<string, string> = {};
    shape.names.forEach((name, i) => (values[name] = found[i + 1] ?? ''));
    return { line, text: t(`download:compiler.${shape.key}`, values) };
  }
  return { line, text: rest };
}

/** The whole message as one line of text ("Line 3: …"), translated. */
export function compileMessageText(t: TFunction, message: string): string {
  const { line, text } = translateCompileMessage(t, message);
  return line === null ? text : t('download:compiler.atLine', { line, text });
}
