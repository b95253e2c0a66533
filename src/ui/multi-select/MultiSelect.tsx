// A multi-select (spec core §4): a button that shows the chosen items joined up to two, else
// "n of total selected", and opens a list of check boxes with a filter. Escape or a click
// outside closes it; every control is reachable from the keyboard.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SearchBox from '../pager/SearchBox.tsx';
import { summarize } from './summary.ts';
import './multi-select.css';

interface MultiSelectOption {
  value: string;
  label: string;
}

interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Shows 'The {name} field is required' when nothing is chosen (after validation ran). */
  requiredError?: string | null;
}

export default function MultiSelect(props: MultiSelectProps) {
  const { t } = useTranslation('ui');
  const { label, options, selected, onChange } = props;
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ids = { label: useId(), panel: useId(), error: useId() };

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    // On click, not mousedown: the list closing must not move a button under the pointer
    // before the click that was meant for it lands.
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, [open]);

  const chosen = options.filter((o) => selected.includes(o.value));
  const summary = summarize(
    chosen.map((o) => o.label),
    options.length,
  );
  const text =
    summary.kind === 'none'
      ? (props.placeholder ?? t('multiSelect.none'))
      : summary.kind === 'joined'
        ? summary.text
        : t('multiSelect.count', { count: summary.count, total: summary.total });
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle
    ? options.filter((o) => o.label.toLocaleLowerCase().includes(needle))
    : options;

  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <div
      className="multi-select"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <span id={ids.label} className="form-label d-block">
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className={`form-select text-start${props.requiredError ? ' is-invalid' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={ids.panel}
        aria-labelledby={`${ids.label} ${ids.label}-value`}
        aria-describedby={props.requiredError ? ids.error : undefined}
        disabled={props.disabled}
        onClick={() => setOpen(!open)}
        data-testid="multi-select-toggle"
      >
        <span
          id={`${ids.label}-value`}
          className={summary.kind === 'none' ? 'text-body-secondary' : ''}
        >
          {text}
        </span>
      </button>
      {props.requiredError && (
        <div id={ids.error} className="invalid-feedback d-block">
          {props.requiredError}
        </div>
      )}
      {open && (
        <div
          id={ids.panel}
          className="multi-select-panel card shadow-sm"
          role="group"
          aria-labelledby={ids.label}
        >
          <div className="p-2 border-bottom d-flex gap-2 align-items-center">
            <SearchBox
              label={t('multiSelect.filter')}
              hiddenLabel
              small
              value={filter}
              onChange={setFilter}
              autoFocus
            />
            <button
              type="button"
              className="btn btn-sm btn-link text-nowrap"
              onClick={() =>
                onChange(selected.length === options.length ? [] : options.map((o) => o.value))
              }
            >
              {selected.length === options.length ? t('multiSelect.clear') : t('multiSelect.all')}
            </button>
          </div>
          <ul className="list-unstyled mb-0 p-2 multi-select-options">
            {shown.map((o) => (
              <li key={o.value} className="form-check">
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${ids.panel}-${o.value}`}
                  checked={selected.includes(o.value)}
                  onChange={() => toggle(o.value)}
                />
                <label className="form-check-label" htmlFor={`${ids.panel}-${o.value}`}>
                  {o.label}
                </label>
              </li>
            ))}
            {shown.length === 0 && (
              <li className="text-body-secondary small">{t('table.empty')}</li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
