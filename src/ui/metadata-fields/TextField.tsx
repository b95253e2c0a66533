// One labelled single-line field. `error` marks it invalid and shows the message below in
// place of `help`; a URL field gets the URL keyboard and an https:// placeholder.
import { useId } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  help?: string;
  /** Set while the value is invalid: the message shown under the field. */
  error?: string;
  url?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  labelClassName?: string;
}

export default function TextField(props: TextFieldProps) {
  const { label, value, maxLength, onChange, help, error, url } = props;
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? help;
  return (
    <div>
      <label className={props.labelClassName ?? 'form-label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error === undefined ? '' : ' is-invalid'}`}
        type="text"
        inputMode={url ? 'url' : undefined}
        value={value}
        maxLength={maxLength}
        required={props.required}
        autoFocus={props.autoFocus}
        placeholder={props.placeholder ?? (url ? 'https://' : undefined)}
        aria-invalid={error !== undefined}
        aria-describedby={note === undefined ? undefined : noteId}
        onChange={(e) => onChange(e.target.value)}
      />
      {note !== undefined && (
        <div id={noteId} className={error === undefined ? 'form-text' : 'invalid-feedback'}>
          {note}
        </div>
      )}
    </div>
  );
}
