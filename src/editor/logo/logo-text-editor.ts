// The Logo text editor (CodeMirror 6): highlighting, line numbers, undo, completion of Logo
// words, and line-numbered errors (marked line, gutter sign with the message). Loaded only
// when the user switches to Logo text.
//
// Tab follows CodeMirror's accessible handling (WCAG 2.1.2, no keyboard trap): it moves focus
// out of the editor until the user opts in to Tab indenting (Ctrl-M, Shift-Alt-M on macOS,
// or the switch above the editor); then Esc followed by Tab still leaves.
import { autocompletion, completeFromList } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  gutter,
  GutterMarker,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import type { LogoError, LogoRange } from '../../program/index.ts';
import { LOGO_CONTROL, LOGO_PRIMITIVES, LOGO_WORD_OPERATORS } from './keywords.ts';
import { lineComments, setLineComments, type LineComment } from './line-comments.ts';
import { logoLanguage } from './logo-language.ts';

const setErrors = StateEffect.define<readonly LogoError[]>();

/** The errors on screen, by line; mapped through edits until replaced. */
const errorField = StateField.define<{ errors: readonly LogoError[]; lines: DecorationSet }>({
  create: () => ({ errors: [], lines: Decoration.none }),
  update(value, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setErrors))
        return { errors: effect.value, lines: lineDecorations(tr.state, effect.value) };
    }
    return tr.docChanged ? { ...value, lines: value.lines.map(tr.changes) } : value;
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.lines),
});

const errorLine = Decoration.line({ class: 'cm-logo-error-line' });
const errorWords = Decoration.mark({ class: 'cm-logo-error-words' });

/** The document offset of a 1-based line and a column, or null when the text has no such place. */
function offset(state: EditorState, line: number, column: number): number | null {
  if (line < 1 || line > state.doc.lines) return null;
  const l = state.doc.line(line);
  return column <= l.length ? l.from + column : null;
}

/** The document range of an error's words, when they are still in the text. */
function errorRange(
  state: EditorState,
  range: LogoRange | undefined,
): { from: number; to: number } | null {
  if (!range) return null;
  const from = offset(state, range.line, range.column);
  const to = offset(state, range.endLine, range.endColumn);
  return from !== null && to !== null && to > from ? { from, to } : null;
}

function lineDecorations(state: EditorState, errors: readonly LogoError[]): DecorationSet {
  const marks = [];
  for (const n of new Set(errors.map((e) => e.line))) {
    if (n <= state.doc.lines) marks.push(errorLine.range(state.doc.line(n).from));
  }
  for (const e of errors) {
    const words = errorRange(state, e.range);
    if (words) marks.push(errorWords.range(words.from, words.to));
  }
  return Decoration.set(marks, true);
}

class ErrorMarker extends GutterMarker {
  constructor(private readonly message: string) {
    super();
  }
  override eq(other: ErrorMarker): boolean {
    return other.message === this.message;
  }
  override toDOM(): Node {
    const mark = document.createElement('span');
    mark.className = 'cm-logo-error-mark';
    mark.textContent = '●';
    mark.title = this.message;
    return mark;
  }
}

const errorGutter = gutter({
  class: 'cm-logo-error-gutter',
  lineMarker(view, line) {
    const n = view.state.doc.lineAt(line.from).number;
    const messages = view.state
      .field(errorField)
      .errors.filter((e) => e.line === n)
      .map((e) => e.message);
    return messages.length > 0 ? new ErrorMarker(messages.join('\n')) : null;
  },
  lineMarkerChange: (update) =>
    update.transactions.some((tr) => tr.effects.some((e) => e.is(setErrors))),
});

const completions = completeFromList(
  [...LOGO_CONTROL, ...LOGO_PRIMITIVES, ...LOGO_WORD_OPERATORS].map((label) => ({
    label,
    type: LOGO_CONTROL.includes(label) ? 'keyword' : 'function',
  })),
);

interface LogoTextEditorOptions {
  doc: string;
  readOnly: boolean;
  /** Accessible name of the text area. */
  label: string;
  onChange: (text: string) => void;
  /** Tab indents (true) or moves focus out of the editor (false, the default). */
  tabIndents?: boolean;
  /** Called when the user switches Tab handling with the keyboard. */
  onTabIndentsChange?: (tabIndents: boolean) => void;
  /** Element ids that describe the text area (the Tab hint). */
  describedBy?: string;
}

export class LogoTextEditor {
  readonly view: EditorView;
  private indenting: boolean;
  private readonly cursorListeners = new Set<(line: number) => void>();

  constructor(parent: HTMLElement, options: LogoTextEditorOptions) {
    this.indenting = options.tabIndents ?? false;
    // Before the default keymap, which binds the same keys to CodeMirror's own toggle: this
    // one also tells the page, so the hint on screen stays true.
    const toggleTab = () => {
      this.setTabIndents(!this.indenting);
      options.onTabIndentsChange?.(this.indenting);
      return true;
    };
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: options.doc,
        extensions: [
          lineNumbers(),
          errorGutter,
          lineComments,
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          logoLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [completions] }),
          keymap.of([
            { key: 'Ctrl-m', mac: 'Shift-Alt-m', run: toggleTab, preventDefault: true },
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          errorField,
          EditorState.readOnly.of(options.readOnly),
          EditorView.editable.of(!options.readOnly),
          EditorView.contentAttributes.of({
            'aria-label': options.label,
            ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) options.onChange(update.state.doc.toString());
            if (update.selectionSet && this.cursorListeners.size > 0) {
              const { state } = update;
              const line = state.doc.lineAt(state.selection.main.head).number;
              for (const listener of this.cursorListeners) listener(line);
            }
          }),
        ],
      }),
    });
    this.view.setTabFocusMode(!this.indenting);
  }

  /** Whether Tab indents (else it moves focus, as everywhere else on the page). */
  tabIndents(): boolean {
    return this.indenting;
  }

  setTabIndents(indent: boolean): void {
    this.indenting = indent;
    this.view.setTabFocusMode(!indent);
  }

  text(): string {
    return this.view.state.doc.toString();
  }

  /** Replaces the text (when the program changes from outside), keeping undo separate. */
  setText(text: string): void {
    if (text === this.text()) return;
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  /** Marks the lines of compile errors (an empty list clears them). */
  showErrors(errors: readonly LogoError[]): void {
    this.view.dispatch({ effects: setErrors.of(errors) });
  }

  /** Shows a teacher's comments beside their lines (an empty list clears them). */
  showComments(comments: readonly LineComment[]): void {
    this.view.dispatch({ effects: setLineComments.of(comments) });
  }

  lineCount(): number {
    return this.view.state.doc.lines;
  }

  /** Calls `listener` with the cursor's 1-based line whenever the user moves the cursor. */
  onCursorLine(listener: (line: number) => void): () => void {
    this.cursorListeners.add(listener);
    return () => {
      this.cursorListeners.delete(listener);
    };
  }

  /** Moves the cursor to a line, selecting an error's words when given, and shows it. */
  goToLine(n: number, range?: LogoRange): void {
    const doc = this.view.state.doc;
    const line = doc.line(Math.min(Math.max(1, n), doc.lines));
    const words = errorRange(this.view.state, range);
    this.view.dispatch({
      selection: words ? { anchor: words.from, head: words.to } : { anchor: line.from },
      scrollIntoView: true,
    });
    this.view.focus();
  }

  destroy(): void {
    this.view.destroy();
  }
}
