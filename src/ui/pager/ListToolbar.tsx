// The bar above a paged list: a search box and one choice or more (order, type), each with
// its small label. The values and their meaning belong to the page that shows the list.
import { useId } from 'react';
import SearchBox from './SearchBox.tsx';

interface ListChoice {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

interface ListToolbarProps {
  search: {
    label: string;
    placeholder: string;
    value: string;
    maxLength: number;
    onChange: (value: string) => void;
  };
  choices: readonly ListChoice[];
}

function Choice({ label, value, options, onChange }: ListChoice) {
  const id = useId();
  return (
    <div className="col-auto">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-select"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function ListToolbar({ search, choices }: ListToolbarProps) {
  return (
    <div className="row g-2 align-items-end mb-3">
      <div className="col-md">
        <SearchBox {...search} labelClassName="form-label small mb-1" />
      </div>
      {choices.map((c) => (
        <Choice key={c.label} {...c} />
      ))}
    </div>
  );
}
