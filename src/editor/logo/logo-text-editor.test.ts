import { StringStream } from '@codemirror/language';
import { afterEach, describe, expect, it } from 'vitest';
import { logoParser } from './logo-language.ts';
import { LogoTextEditor } from './logo-text-editor.ts';

/** [text, token style] pairs of one line, spaces left out. */
function tokens(line: string): [string, string | null][] {
  const stream = new StringStream(line, 2, 2);
  const state = logoParser.startState?.(2) ?? { afterTo: false };
  const out: [string, string | null][] = [];
  while (!stream.eol()) {
    stream.start = stream.pos;
    const style = logoParser.token(stream, state);
    const text = stream.current();
    if (text.trim()) out.push([text, style]);
  }
  return out;
}

describe('Logo highlighting', () => {
  it('tells control words, board words, motor selectors, numbers and operators apart', () => {
    expect(tokens('forever [ if sensor1 > 500 [ ab, on ] ]')).toEqual([
      ['forever', 'keyword'],
      ['[', 'bracket'],
      ['if', 'keyword'],
      ['sensor1', 'builtin'],
      ['>', 'operator'],
      ['500', 'number'],
      ['[', 'bracket'],
      ['ab,', 'atom'],
      ['on', 'builtin'],
      [']', 'bracket'],
      [']', 'bracket'],
    ]);
  });

  it('marks procedure names, parameters, strings, quoted words and comments', () => {
    expect(tokens('to blink :times ; blinks')).toEqual([
      ['to', 'keyword'],
      ['blink', 'def'],
      [':times', 'variableName.special'],
      ['; blinks', 'comment'],
    ]);
    expect(tokens('show "hello world" cloud record "temp sensor1')).toEqual([
      ['show', 'builtin'],
      ['"hello world"', 'string'],
      ['cloud', 'builtin'],
      ['record', 'builtin'],
      ['"temp', 'string'],
      ['sensor1', 'builtin'],
    ]);
  });

  it('reads motor reporters and word operators', () => {
    expect(tokens('aon? and not apower')).toEqual([
      ['aon?', 'builtin'],
      ['and', 'operatorKeyword'],
      ['not', 'operatorKeyword'],
      ['apower', 'builtin'],
    ]);
  });
});

describe('LogoTextEditor', () => {
  let editor: LogoTextEditor | null = null;
  const host = () => {
    const div = document.createElement('div');
    document.body.append(div);
    return div;
  };
  afterEach(() => {
    editor?.destroy();
    editor = null;
    document.body.innerHTML = '';
  });

  it('shows the text and reports edits', () => {
    const changes: string[] = [];
    editor = new LogoTextEditor(host(), {
      doc: 'to main\nbeep\nend\n',
      readOnly: false,
      label: 'Logo program',
      onChange: (text) => changes.push(text),
    });
    expect(editor.text()).toBe('to main\nbeep\nend\n');
    editor.view.dispatch({ changes: { from: 12, insert: ' beep' } });
    expect(changes).toEqual(['to main\nbeep beep\nend\n']);
  });

  it('marks the lines of compile errors and clears them', () => {
    const parent = host();
    editor = new LogoTextEditor(parent, {
      doc: 'to main\nbeep\nREPEAT 3 [ beep ]\nend\n',
      readOnly: false,
      label: 'Logo program',
      onChange: () => {},
    });
    editor.showErrors([{ line: 3, message: 'Syntax Error.' }]);
    const marked = [...parent.querySelectorAll('.cm-line.cm-logo-error-line')];
    expect(marked.map((line) => line.textContent)).toEqual(['REPEAT 3 [ beep ]']);
    expect(parent.querySelector('.cm-logo-error-mark')?.getAttribute('title')).toBe(
      'Syntax Error.',
    );
    editor.showErrors([]);
    expect(parent.querySelectorAll('.cm-logo-error-line')).toHaveLength(0);
  });

  it('shows a teacher’s comment below its line, with a gutter sign and a resolve button', () => {
    const parent = host();
    editor = new LogoTextEditor(parent, {
      doc: 'to main\nbeep\nend\n',
      readOnly: false,
      label: 'Logo program',
      onChange: () => {},
    });
    const resolved: string[] = [];
    const comment = (id: string, line: number) => ({
      id,
      line,
      text: `Look at ${id}`,
      author: 'Tina',
      resolveText: 'Resolve',
      resolveLabel: `Resolve ${id}`,
      label: `Comment on line ${line}`,
      onResolve: () => resolved.push(id),
    });
    editor.showComments([comment('two', 2), comment('past-the-end', 9)]);
    const shown = [...parent.querySelectorAll<HTMLElement>('.cm-line-comment')];
    expect(shown.map((c) => [c.dataset.line, c.textContent])).toEqual([
      ['2', 'Tina: Look at twoResolve'],
    ]);
    // Right below the line it is on.
    expect(shown[0]?.previousElementSibling?.textContent).toBe('beep');
    expect(parent.querySelector('.cm-line-comment-sign')?.getAttribute('title')).toBe(
      'Look at two',
    );
    parent.querySelector<HTMLButtonElement>('[aria-label="Resolve two"]')?.click();
    expect(resolved).toEqual(['two']);
    editor.showComments([]);
    expect(parent.querySelectorAll('.cm-line-comment')).toHaveLength(0);
  });

  it('tells who follows the cursor which line it moved to, until they stop', () => {
    editor = new LogoTextEditor(host(), {
      doc: 'to main\nbeep\nledon\nend',
      readOnly: true,
      label: 'L',
      onChange: () => {},
    });
    const lines: number[] = [];
    const stop = editor.onCursorLine((line) => lines.push(line));
    // 'to main\n' is 8 characters, 'beep\n' 5 more.
    editor.view.dispatch({ selection: { anchor: 14 } });
    editor.view.dispatch({ selection: { anchor: 9 } });
    stop();
    editor.view.dispatch({ selection: { anchor: 0 } });
    expect(lines).toEqual([3, 2]);
  });

  it('ignores errors on lines the text does not have', () => {
    const parent = host();
    editor = new LogoTextEditor(parent, {
      doc: 'to main\nend',
      readOnly: false,
      label: 'L',
      onChange: () => {},
    });
    editor.showErrors([{ line: 9, message: 'far away' }]);
    expect(parent.querySelectorAll('.cm-logo-error-line')).toHaveLength(0);
  });
});
