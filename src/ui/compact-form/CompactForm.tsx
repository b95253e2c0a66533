// Small forms inside panels: fields whose placeholder is their (accessible) label, stacked
// or in a row, submitted with Enter or their button.
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export function CompactForm({
  row = false,
  onSubmit,
  children,
}: {
  row?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Form
      className={row ? 'd-flex gap-1' : 'd-flex flex-column gap-1'}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Form>
  );
}

export function CompactField({
  label,
  value,
  onChange,
  type,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'email' | 'password' | 'tel';
}) {
  return (
    <Form.Control
      size="sm"
      type={type}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
