// A teacher's comments in the Logo text editor: a gutter sign on the commented line and,
// below the line, the comment's text with a button that resolves it. The comments stay on
// their line number (as the teacher wrote them); a line past the end of the text shows none
// (the lesson pane lists those).
import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  gutter,
  GutterMarker,
  WidgetType,
  type DecorationSet,
} from '@codemirror/view';

export interface LineComment {
  id: string;
  /** 1-based. */
  line: number;
  text: string;
  author: string;
  /** The resolve button's text and its accessible name. */
  resolveText: string;
  resolveLabel: string;
  /** The comment's accessible name (who wrote it, on which line). */
  label: string;
  onResolve(): void;
}

export const setLineComments = StateEffect.define<readonly LineComment[]>();

class CommentWidget extends WidgetType {
  constructor(private readonly comment: LineComment) {
    super();
  }
  override eq(other: CommentWidget): boolean {
    const a = this.comment;
    const b = other.comment;
    return a.id === b.id && a.text === b.text && a.resolveText === b.resolveText;
  }
  override toDOM(): HTMLElement {
    const c = this.comment;
    const box = document.createElement('div');
    box.className = 'cm-line-comment';
    box.setAttribute('role', 'note');
    box.setAttribute('aria-label', c.label);
    box.dataset.testid = 'line-comment';
    box.dataset.line = String(c.line);
    const who = document.createElement('span');
    who.className = 'cm-line-comment-author';
    who.textContent = `${c.author}: `;
    const text = document.createElement('span');
    text.className = 'cm-line-comment-text';
    text.textContent = c.text;
    const resolve = document.createElement('button');
    resolve.type = 'button';
    resolve.className = 'btn btn-sm btn-outline-success ms-2 py-0';
    resolve.textContent = c.resolveText;
    resolve.setAttribute('aria-label', c.resolveLabel);
    resolve.addEventListener('click', () => c.onResolve());
    box.append(who, text, resolve);
    return box;
  }
  override ignoreEvent(): boolean {
    return true;
  }
}

/** The comments that fall on a line of `state`, in the document's order. */
function commentsOnLines(state: EditorState, comments: readonly LineComment[]): LineComment[] {
  return comments
    .filter((c) => c.line >= 1 && c.line <= state.doc.lines)
    .sort((a, b) => a.line - b.line);
}

function decorations(state: EditorState, comments: readonly LineComment[]): DecorationSet {
  return Decoration.set(
    commentsOnLines(state, comments).map((c) =>
      Decoration.widget({ widget: new CommentWidget(c), block: true, side: 1 }).range(
        state.doc.line(c.line).to,
      ),
    ),
  );
}

const commentField = StateField.define<{ comments: readonly LineComment[]; set: DecorationSet }>({
  create: () => ({ comments: [], set: Decoration.none }),
  update(value, tr) {
    for (const effect of tr.effects) {
      if (effect.is(setLineComments)) {
        return { comments: effect.value, set: decorations(tr.state, effect.value) };
      }
    }
    // Kept on their line numbers, as written.
    return tr.docChanged
      ? { comments: value.comments, set: decorations(tr.state, value.comments) }
      : value;
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.set),
});

class CommentSign extends GutterMarker {
  constructor(private readonly title: string) {
    super();
  }
  override eq(other: CommentSign): boolean {
    return other.title === this.title;
  }
  override toDOM(): Node {
    const sign = document.createElement('span');
    sign.className = 'cm-line-comment-sign bi bi-chat-left-text-fill';
    sign.title = this.title;
    sign.setAttribute('aria-hidden', 'true');
    return sign;
  }
}

const commentGutter = gutter({
  class: 'cm-line-comment-gutter',
  lineMarker(view, line) {
    const n = view.state.doc.lineAt(line.from).number;
    const texts = view.state
      .field(commentField)
      .comments.filter((c) => c.line === n)
      .map((c) => c.text);
    return texts.length > 0 ? new CommentSign(texts.join('\n')) : null;
  },
  lineMarkerChange: (update) =>
    update.docChanged ||
    update.transactions.some((tr) => tr.effects.some((e) => e.is(setLineComments))),
});

export const lineComments: Extension = [commentField, commentGutter];
