// The labelled search box of lists and tables: typing narrows what the list shows. The
// label is on screen, or (where the toolbar already says what it holds) for screen readers.
import { useId } from 'react';

interface SearchBoxProps {
  label: string;
  /** The label when absent. */
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** The label for screen readers only. */
  hiddenLabel?: boolean;
  labelClassName?: string;
  /** The compact size of toolbars. */
  small?: boolean;
  /** Classes added to `form-control`. */
  inputClassName?: string;
  autoFocus?: boolean;
}

export default function SearchBox(props: SearchBoxProps) {
  const id = useId();
  const labelClass = props.hiddenLabel ? 'visually-hidden' : (props.labelClassName ?? 'form-label');
  return (
    <>
      <label className={labelClass} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        type="search"
        className={['form-control', props.small && 'form-control-sm', props.inputClassName]
          .filter(Boolean)
          .join(' ')}
        placeholder={props.placeholder ?? props.label}
        value={props.value}
        maxLength={props.maxLength}
        autoFocus={props.autoFocus}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
