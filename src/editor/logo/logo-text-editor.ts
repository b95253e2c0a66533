// The Logo text editor (CodeMirror 6): highlighting, line numbers, undo, completion of Logo
// words, and line-numbered errors (marked line, gutter sign with the message). Loaded only
// when the user switches to Logo text.
import { autocompletion, completeFromList } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
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
import type { LogoError } from '../../program/index.ts';
import { LOGO_CONTROL, LOGO_PRIMITIVES, LOGO_WORD_OPERATORS } from './keywords.ts';
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

function lineDecorations(state: EditorState, errors: readonly LogoError[]): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  const lines = [...new Set(errors.map((e) => e.line))].sort((a, b) => a - b);
  for (const n of lines) {
    if (n <= state.doc.lines) {
      const line = state.doc.line(n);
      builder.add(line.from, line.from, errorLine);
    }
  }
  return builder.finish();
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

export interface LogoTextEditorOptions {
  doc: string;
  readOnly: boolean;
  /** Accessible name of the text area. */
  label: string;
  onChange: (text: string) => void;
}

export class LogoTextEditor {
  readonly view: EditorView;

  constructor(parent: HTMLElement, options: LogoTextEditorOptions) {
    this.view = new EditorView({
      parent,
      state: EditorState.create({
        doc: options.doc,
        extensions: [
          lineNumbers(),
          errorGutter,
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          logoLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          autocompletion({ override: [completions] }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          errorField,
          EditorState.readOnly.of(options.readOnly),
          EditorView.editable.of(!options.readOnly),
          EditorView.contentAttributes.of({ 'aria-label': options.label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) options.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
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

  /** Moves the cursor to a line and shows it. */
  goToLine(n: number): void {
    const doc = this.view.state.doc;
    const line = doc.line(Math.min(Math.max(1, n), doc.lines));
    this.view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
    this.view.focus();
  }

  destroy(): void {
    this.view.destroy();
  }
}
