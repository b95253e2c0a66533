// Layout of generated Logo. Whitespace means nothing to the 1.3 compiler except that `to`
// starts a line and `end` stands alone on one, so the generator is free to make lists
// readable: short lists stay on one line (`forever [ if sensor1 > 500 [ a, on ] ]`), long
// ones get one statement per line, indented by two spaces.

/** Longest list body, in characters, that stays on one line. */
const INLINE_LIST_MAX = 56;

/** The non-empty lines of a statement sequence's code, right-trimmed. */
export function codeLines(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
}

/** `[ … ]` around a statement sequence, or null when the sequence is empty. */
export function formatList(code: string): string | null {
  const lines = codeLines(code);
  if (lines.length === 0) return null;
  const inline = lines.map((line) => line.trim()).join(' ');
  if (inline.length <= INLINE_LIST_MAX) return `[ ${inline} ]`;
  return ['[', ...lines.map((line) => `  ${line}`), ']'].join('\n');
}

/** One procedure: `to name :p1 …`, its body lines, `end`. */
export function formatProcedure(name: string, params: readonly string[], body: string[]): string {
  const header = ['to', name, ...params.map((p) => `:${p}`)].join(' ');
  return [header, ...body, 'end'].join('\n');
}

/** The longest quote of a program a message shows; longer ones end with '…'. */
const MAX_QUOTE = 40;

/** Part of a program as a message quotes it: on one line, shortened. */
export function quotedWords(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > MAX_QUOTE ? `${words.slice(0, MAX_QUOTE - 1).trimEnd()}…` : words;
}
