// The labelled fields and the busy submit button of the remote-lab forms (a new lab, the
// board id and PIN or access code to connect). A `code` field (board id, PIN, access code)
// is never filled in by the browser.
import type { ReactNode } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';

interface LabFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  help?: string;
  required?: boolean;
  code?: boolean;
  secret?: boolean;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  /** Lines of a multi-line field; a single line when left out. */
  rows?: number;
  testId?: string;
}

export function LabField(props: LabFieldProps) {
  return (
    <Form.Group className={props.className} controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Control
        as={props.rows === undefined ? undefined : 'textarea'}
        rows={props.rows}
        type={props.secret ? 'password' : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        required={props.required}
        minLength={props.minLength}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        autoComplete={props.code ? 'off' : undefined}
        data-testid={props.testId}
      />
      {props.help && <Form.Text>{props.help}</Form.Text>}
    </Form.Group>
  );
}

export function BusyButton(props: {
  busy: boolean;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      className={props.className}
      disabled={props.busy}
      data-testid={props.testId}
    >
      {props.busy && <Spinner size="sm" className="me-2" aria-hidden />}
      {props.children}
    </Button>
  );
}
