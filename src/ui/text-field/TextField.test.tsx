import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import TextField, { type TextFieldProps } from './TextField.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

function Field(props: Omit<TextFieldProps, 'value' | 'onChange'> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return <TextField {...props} value={value} onChange={setValue} />;
}

describe('TextField', () => {
  it('is a labelled input whose help text describes it', () => {
    render(<Field label="Name" maxLength={10} help="Shown to students" />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.maxLength).toBe(10);
    const note = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Shown to students');
    fireEvent.change(input, { target: { value: 'Ana' } });
    expect(input.value).toBe('Ana');
  });

  it('says a required field is required only once validation ran and while it is empty', () => {
    const { rerender } = render(<Field label="Email" type="email" maxLength={254} required />);
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input.type).toBe('email');
    expect(screen.queryByText('The Email field is required')).toBeNull();
    rerender(<Field label="Email" type="email" maxLength={254} required showRequired />);
    expect(screen.getByText('The Email field is required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'a@b.c' } });
    expect(screen.queryByText('The Email field is required')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows an error in place of the help, and with rows is a text area', () => {
    render(<Field label="Code" rows={4} code maxLength={100} help="Logo" error="Too long" />);
    const area = screen.getByLabelText('Code');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.className).toBe('form-control font-monospace is-invalid');
    expect(screen.getByText('Too long')).toBeTruthy();
    expect(screen.queryByText('Logo')).toBeNull();
  });
});
