// A list of short words typed one at a time (a lab's keywords, a lesson's boards, e-mail
// addresses). Enter or a separator (a comma, or the caller's) adds what was typed, after the
// checks: not empty ('The tag is empty!'), not there already ('The tag has exists!'), and
// what the caller's `validate` says. What `validate` refuses stays in the field to be
// corrected, so a pasted list loses nothing. Each tag has its
// remove button; a removed tag fades out and leaves the list after the spec's 500 ms
// (classroom §10 "Tag removal delay"). Backspace in the empty field selects the last tag,
// a second Backspace removes it. Additions and removals are announced to screen readers.
// A form takes what is still typed with `commit()` (its ref) when it is sent: adding it on
// blur would move the form's button away under the pointer that is clicking it.
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '../icon-button/IconButton.tsx';
import './tag-input.css';

export const TAG_REMOVAL_DELAY_MS = 500;

interface TagInputProps {
  label: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  help?: string;
  /** A message when `tag` may not be added to `tags` (the list so far), else null. */
  validate?: (tag: string, tags: readonly string[]) => string | null;
  /** The form a typed tag is kept in (e-mail addresses in lower case). */
  normalize?: (tag: string) => string;
  /** The characters that end a tag besides Enter: a comma unless said otherwise. */
  separators?: string;
  /** The phone keyboard to offer. */
  inputMode?: 'text' | 'email';
  /** A message shown under the field (a refusal from the server). */
  error?: string | null;
  maxLength?: number;
  /** Fixed-width letters and no spell checking (ids). */
  code?: boolean;
  testId?: string;
  ref?: Ref<TagInputHandle>;
}

export interface TagInputHandle {
  /** The tags with what is still typed added: null (with the reason shown) if it may not be. */
  commit(): string[] | null;
}

export default function TagInput({
  label,
  value,
  onChange,
  help,
  validate,
  normalize = (tag) => tag,
  separators = ',',
  inputMode,
  error: outsideError,
  maxLength,
  code,
  testId,
  ref,
}: TagInputProps) {
  const { t } = useTranslation('ui');
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string[]>([]);
  const [selected, setSelected] = useState(false);
  const [said, setSaid] = useState('');
  // The list as it is when a removal's delay ends (others may have been added or removed).
  const latest = useRef(value);
  const change = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = value;
    change.current = onChange;
  });
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const kept = value.filter((tag) => !removing.includes(tag));

  /** Splits `typed` at the separators: the words before the last one and what follows it. */
  const split = (typed: string): [string[], string] => {
    const parts = [''];
    for (const ch of typed) {
      if (separators.includes(ch)) parts.push('');
      else parts[parts.length - 1] += ch;
    }
    const rest = parts.pop() ?? '';
    return [parts, rest];
  };

  /**
   * Adds the words of `typed` (all of them when `finished`, else those before the last
   * separator): the new list, or null (with the reason shown) when a word was refused. What
   * was refused and what is still being typed stay in the field.
   */
  const take = (typed: string, finished: boolean): string[] | null => {
    const [before, last] = split(typed);
    const parts = finished ? [...before, last] : before;
    const open = finished ? '' : last;
    const words = parts.map((p) => normalize(p.trim())).filter((w) => w !== '');
    if (finished && words.length === 0) {
      setProblem(t('global:mapping.tag_empty'));
      return null;
    }
    let list = [...value];
    const kept: string[] = [];
    let refusal: string | null = null;
    let repeated = false;
    for (const word of words) {
      if (list.includes(word)) {
        // Kept when typed and sent (to be seen and changed), dropped from a pasted list.
        repeated = true;
        if (finished) kept.push(word);
        continue;
      }
      const why = validate?.(word, list) ?? null;
      if (why === null) list = [...list, word];
      else {
        refusal ??= why;
        kept.push(word);
      }
    }
    refusal ??= repeated ? t('global:mapping.tag_exists') : null;
    if (list.length > value.length) {
      onChange(list);
      setSaid(t('tags.added', { tag: list.slice(value.length).join(', ') }));
    }
    setProblem(refusal);
    const glue = `${separators[0] ?? ','} `;
    setText([...kept, open.trimStart()].filter((w) => w !== '').join(glue));
    return refusal === null ? list : null;
  };

  useImperativeHandle(ref, () => ({
    commit: () => (text.trim() === '' ? [...value] : take(text, true)),
  }));

  const remove = useCallback(
    (tag: string) => {
      setSelected(false);
      setProblem(null);
      setRemoving((r) => [...r, tag]);
      setSaid(t('tags.removed', { tag }));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setRemoving((r) => r.filter((x) => x !== tag));
        const next = latest.current.filter((x) => x !== tag);
        latest.current = next;
        change.current(next);
      }, TAG_REMOVAL_DELAY_MS);
      timers.current.add(timer);
    },
    [t],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' || (e.key.length === 1 && separators.includes(e.key))) {
      e.preventDefault();
      take(text, true);
      return;
    }
    if (e.key === 'Backspace' && text === '' && kept.length > 0) {
      e.preventDefault();
      const last = kept[kept.length - 1] as string;
      if (selected) remove(last);
      else {
        setSelected(true);
        setSaid(t('tags.selected', { tag: last }));
      }
      return;
    }
    setSelected(false);
  };

  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    setSelected(false);
    const typed = e.target.value;
    // A new separator (a pasted "a, b, c") adds the words before it; an edit of words
    // that were refused and kept does not.
    if (split(typed)[0].length <= split(text)[0].length) {
      setText(typed);
      setProblem(null);
      return;
    }
    take(typed, false);
  };

  const error = problem ?? outsideError ?? null;
  const note = error ?? help;
  const noteId = `${id}-note`;
  const last = kept[kept.length - 1];
  return (
    <div className="tag-input" data-testid={testId}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div
        className={`form-control tag-input-box${error ? ' is-invalid' : ''}`}
        onClick={(e) => {
          if (e.target === e.currentTarget) input.current?.focus();
        }}
      >
        {value.length > 0 && (
          <ul className="tag-input-tags" aria-label={t('tags.list', { name: label })}>
            {value.map((tag) => {
              const leaving = removing.includes(tag);
              return (
                <li
                  key={tag}
                  className={`tag-input-tag${leaving ? ' removing' : ''}${
                    selected && tag === last ? ' selected' : ''
                  }${code ? ' font-monospace' : ''}`}
                  aria-hidden={leaving || undefined}
                  data-testid="tag"
                >
                  <span className="text-break">{tag}</span>
                  <IconButton
                    icon="x"
                    className="btn btn-sm tag-input-remove"
                    aria-label={t('tags.remove', { tag })}
                    disabled={leaving}
                    onClick={() => {
                      remove(tag);
                      input.current?.focus();
                    }}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <input
          ref={input}
          id={id}
          className={`tag-input-field${code ? ' font-monospace' : ''}`}
          value={text}
          maxLength={maxLength}
          spellCheck={code || inputMode === 'email' ? false : undefined}
          inputMode={inputMode}
          autoCapitalize={inputMode === 'email' ? 'none' : undefined}
          aria-invalid={error !== null}
          aria-describedby={note === undefined ? undefined : noteId}
          onChange={onType}
          onKeyDown={onKeyDown}
          onBlur={() => setSelected(false)}
        />
      </div>
      {note !== undefined && (
        <div
          id={noteId}
          className={error ? 'invalid-feedback d-block' : 'form-text'}
          role={error ? 'alert' : undefined}
        >
          {note}
        </div>
      )}
      <div className="visually-hidden" role="status" aria-live="polite">
        {said}
      </div>
    </div>
  );
}
