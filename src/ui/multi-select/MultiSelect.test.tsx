import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import MultiSelect from './MultiSelect.tsx';
import { summarize } from './summary.ts';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const PEOPLE = ['Ana', 'Bo', 'Chai', 'Dao'].map((name) => ({
  value: name.toLowerCase(),
  label: name,
}));

function Picker({ initial = [] as string[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <MultiSelect label="Students" options={PEOPLE} selected={selected} onChange={setSelected} />
  );
}

const toggle = () => screen.getByTestId('multi-select-toggle');

describe('multi-select summary', () => {
  it('joins up to two items, then counts over the total', () => {
    expect(summarize([], 4)).toEqual({ kind: 'none' });
    expect(summarize(['Ana'], 4)).toEqual({ kind: 'joined', text: 'Ana' });
    expect(summarize(['Ana', 'Bo'], 4)).toEqual({ kind: 'joined', text: 'Ana, Bo' });
    expect(summarize(['Ana', 'Bo', 'Chai'], 4)).toEqual({ kind: 'count', count: 3, total: 4 });
  });
});

describe('MultiSelect', () => {
  it('shows the chosen names joined up to two, else a count over the total', () => {
    render(<Picker />);
    expect(toggle().textContent).toBe('Nothing selected');
    fireEvent.click(toggle());
    fireEvent.click(screen.getByLabelText('Ana'));
    expect(toggle().textContent).toBe('Ana');
    fireEvent.click(screen.getByLabelText('Chai'));
    expect(toggle().textContent).toBe('Ana, Chai');
    fireEvent.click(screen.getByLabelText('Dao'));
    expect(toggle().textContent).toBe('3 of 4 selected');
  });

  it('filters the list, selects all, and closes on Escape with focus back on the button', () => {
    render(<Picker initial={['bo']} />);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), {
      target: { value: 'ha' },
    });
    expect(screen.getAllByRole('checkbox')).toEqual([screen.getByLabelText('Chai')]);
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(toggle().textContent).toBe('4 of 4 selected');
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Filter' }), { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('shows the required-field message it is given', () => {
    render(
      <MultiSelect
        label="Lessons"
        options={PEOPLE}
        selected={[]}
        onChange={() => {}}
        requiredError="The Lessons field is required"
      />,
    );
    expect(screen.getByText('The Lessons field is required')).toBeTruthy();
    expect(toggle().className).toContain('is-invalid');
  });
});
