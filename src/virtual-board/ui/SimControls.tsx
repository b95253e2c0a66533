// The virtual board's labelled controls (a row each: label, control, value). Every control
// shows the board's value (board-value.ts), never a value of its own.
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useBoardValue } from './board-value.ts';

interface ControlProps<T> {
  id: string;
  label: string;
  value: T;
  onChange: (v: T) => void;
}

interface RangeProps extends ControlProps<number> {
  min: number;
  max: number;
}

export function SimRow({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="sim-row">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export function Slider({ id, label, min, max, ...props }: RangeProps) {
  const [value, set] = useBoardValue(props.value, props.onChange);
  return (
    <SimRow id={id} label={label}>
      <Form.Range
        id={id}
        min={min}
        max={max}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
      />
      <output htmlFor={id} className="sim-value font-monospace">
        {value}
      </output>
    </SimRow>
  );
}

/** A whole number kept within min..max; what is not a number is left out. */
export function NumberInput({ id, label, min, max, ...props }: RangeProps) {
  const [value, set] = useBoardValue(props.value, props.onChange);
  return (
    <SimRow id={id} label={label}>
      <Form.Control
        id={id}
        size="sm"
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(e) => {
          const n = Math.trunc(Number(e.target.value));
          if (Number.isFinite(n)) set(Math.min(max, Math.max(min, n)));
        }}
      />
    </SimRow>
  );
}

/** One of `options`, by index. */
export function Choice({
  id,
  label,
  options,
  ...props
}: ControlProps<number> & { options: readonly string[] }) {
  const [value, set] = useBoardValue(props.value, props.onChange);
  return (
    <SimRow id={id} label={label}>
      <Form.Select id={id} size="sm" value={value} onChange={(e) => set(Number(e.target.value))}>
        {options.map((text, i) => (
          <option key={i} value={i}>
            {text}
          </option>
        ))}
      </Form.Select>
    </SimRow>
  );
}

export function Check({ id, label, ...props }: ControlProps<boolean>) {
  const [value, set] = useBoardValue(props.value, props.onChange);
  return (
    <Form.Check
      id={id}
      className="small"
      label={label}
      checked={value}
      onChange={(e) => set(e.target.checked)}
    />
  );
}
