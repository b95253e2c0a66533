// One labelled text field, single-line or (with `rows`) a text area. `error` marks it
// invalid and shows the message below in place of `help`; a required field left empty says
// 'The {name} field is required' once `showRequired` is set (the user tried to go on without
// it, spec core §5). A URL field gets the URL keyboard and an https:// placeholder.
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps {
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  help?: string;
  /** Set while the value is invalid: the message shown under the field. */
  error?: string;
  url?: boolean;
  /** The kind of single-line input ('text' when left out). */
  type?: 'text' | 'email';
  required?: boolean;
  /** Validation ran: a required field left empty shows the required message. */
  showRequired?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  labelClassName?: string;
  /** A text area of this many rows instead of a single line. */
  rows?: number;
  /** The compact size of side panes. */
  small?: boolean;
  /** Code: fixed-width letters and no spell checking. */
  code?: boolean;
}

export default function TextField(props: TextFieldProps) {
  const { label, value, maxLength, onChange, help, url, rows } = props;
  const { t } = useTranslation('ui');
  const id = useId();
  const noteId = `${id}-note`;
  const missing = Boolean(props.required && props.showRequired && value.trim() === '');
  const error = props.error ?? (missing ? t('textField.required', { name: label }) : undefined);
  const note = error ?? help;
  const className = [
    'form-control',
    props.small && 'form-control-sm',
    props.code && 'font-monospace',
  ]
    .concat(error === undefined ? [] : ['is-invalid'])
    .filter(Boolean)
    .join(' ');
  const field = {
    id,
    className,
    value,
    maxLength,
    required: props.required,
    autoFocus: props.autoFocus,
    placeholder: props.placeholder ?? (url ? 'https://' : undefined),
    spellCheck: props.code ? false : undefined,
    'aria-invalid': error !== undefined,
    'aria-describedby': note === undefined ? undefined : noteId,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  return (
    <div>
      <label className={props.labelClassName ?? 'form-label'} htmlFor={id}>
        {label}
      </label>
      {rows === undefined ? (
        <input {...field} type={props.type ?? 'text'} inputMode={url ? 'url' : undefined} />
      ) : (
        <textarea {...field} rows={rows} />
      )}
      {note !== undefined && (
        <div id={noteId} className={error === undefined ? 'form-text' : 'invalid-feedback'}>
          {note}
        </div>
      )}
    </div>
  );
}
