import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import IconButton from './IconButton.tsx';

afterEach(cleanup);

describe('IconButton', () => {
  it('is a plain button named by its label, with the icon hidden from screen readers', () => {
    let clicks = 0;
    render(
      <IconButton icon="send" className="btn btn-primary" onClick={() => clicks++}>
        Submit
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toBe('btn btn-primary');
    const icon = button.querySelector('i');
    expect(icon?.className).toBe('bi bi-send me-1');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(button);
    expect(clicks).toBe(1);
  });

  it('while busy shows a spinner in place of the icon and ignores clicks', () => {
    let clicks = 0;
    render(
      <IconButton icon="send" busy onClick={() => clicks++}>
        Submit
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('i')).toBeNull();
    expect(button.querySelector('.spinner-border')?.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(button);
    expect(clicks).toBe(0);
  });

  it('stays disabled when asked, and submits its form when it is a submit button', () => {
    let submitted = 0;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted++;
        }}
      >
        <IconButton icon="x" disabled>
          Off
        </IconButton>
        <IconButton type="submit" icon="check">
          Save
        </IconButton>
      </form>,
    );
    expect((screen.getByRole('button', { name: 'Off' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toBe(1);
  });

  it('an icon-only button is named by its aria-label and keeps no gap after the icon', () => {
    render(<IconButton icon="floppy" aria-label="Save project" />);
    const button = screen.getByRole('button', { name: 'Save project' });
    expect(button.querySelector('i')?.className).toBe('bi bi-floppy');
    act(() => button.focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Save project');
  });
});
