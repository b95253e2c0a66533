// A labelled text input; a required one says 'The {name} field is required' once the user
// tried to go on without it (spec core §5).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  /** Validation ran: show the required message when empty. */
  showRequired?: boolean;
  type?: 'text' | 'email' | 'number';
  autoFocus?: boolean;
  help?: string;
}

export default function TextField(props: TextFieldProps) {
  const { t } = useTranslation('classroom');
  const id = useId();
  const missing = Boolean(props.required && props.showRequired && props.value.trim() === '');
  return (
    <div>
      <label className="form-label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        type={props.type ?? 'text'}
        className={`form-control${missing ? ' is-invalid' : ''}`}
        value={props.value}
        maxLength={props.maxLength}
        required={props.required}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : props.help ? `${id}-help` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
        autoFocus={props.autoFocus}
      />
      {missing && (
        <div id={`${id}-error`} className="invalid-feedback">
          {t('required', { name: props.label })}
        </div>
      )}
      {props.help && !missing && (
        <div id={`${id}-help`} className="form-text">
          {props.help}
        </div>
      )}
    </div>
  );
}
