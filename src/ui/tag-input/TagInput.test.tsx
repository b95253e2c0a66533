import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import TagInput, { TAG_REMOVAL_DELAY_MS, type TagInputHandle } from './TagInput.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const saved: string[][] = [];
function Field({
  initial = [] as string[],
  validate,
}: {
  initial?: string[];
  validate?: (t: string) => string | null;
}) {
  const [tags, setTags] = useState(initial);
  return (
    <TagInput
      label="Keywords"
      help="Press Enter after each"
      value={tags}
      validate={validate}
      onChange={(next) => {
        saved.push(next);
        setTags(next);
      }}
    />
  );
}

const tags = () => screen.queryAllByTestId('tag').map((li) => li.textContent);
const input = () => screen.getByLabelText('Keywords') as HTMLInputElement;
const type = (text: string, key: string) => {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.keyDown(input(), { key });
};
const status = () => screen.getByRole('status').textContent;

describe('TagInput', () => {
  it('adds what is typed on Enter or a comma, and announces it', () => {
    render(<Field />);
    type('robot', 'Enter');
    type(' line follower ', ',');
    expect(tags()).toEqual(['robot', 'line follower']);
    expect(input().value).toBe('');
    expect(status()).toBe('Added line follower');
    expect(saved.at(-1)).toEqual(['robot', 'line follower']);
  });

  it("refuses an empty tag and one already there with the spec's words", () => {
    render(<Field initial={['robot']} />);
    type('  ', 'Enter');
    expect(screen.getByRole('alert').textContent).toBe('The tag is empty!');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    type('robot', 'Enter');
    expect(screen.getByRole('alert').textContent).toBe('The tag has exists!');
    expect(tags()).toEqual(['robot']);
    type('servo', 'Enter');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Press Enter after each')).toBeTruthy();
  });

  it("refuses what the caller's check refuses, and splits a pasted list", () => {
    render(<Field validate={(t) => (/^\d+$/.test(t) ? null : `${t} is not a number`)} />);
    type('12', 'Enter');
    type('x1', 'Enter');
    expect(screen.getByRole('alert').textContent).toBe('x1 is not a number');
    // What is refused stays in the field to be corrected; a repeat is dropped.
    fireEvent.change(input(), { target: { value: '34, 12, y, 56' } });
    expect(tags()).toEqual(['12', '34']);
    expect(input().value).toBe('y, 56');
    expect(screen.getByRole('alert').textContent).toBe('y is not a number');
    // Editing the kept words adds nothing until Enter (or a new separator).
    fireEvent.change(input(), { target: { value: '78, 56' } });
    expect(tags()).toEqual(['12', '34']);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(tags()).toEqual(['12', '34', '78', '56']);
    expect(input().value).toBe('');
  });

  it("takes the caller's separators and form, and offers its keyboard (e-mail addresses)", () => {
    const field = createRef<TagInputHandle>();
    let list: string[] = [];
    function Emails() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <TagInput
          ref={field}
          label="Keywords"
          value={value}
          onChange={(next) => {
            list = next;
            setValue(next);
          }}
          normalize={(t) => t.toLowerCase()}
          separators=", ;"
          inputMode="email"
          validate={(t, all) =>
            !t.includes('@')
              ? `“${t}” is not an e-mail address.`
              : all.length >= 2
                ? 'Too many'
                : null
          }
        />
      );
    }
    render(<Emails />);
    expect(input().getAttribute('inputmode')).toBe('email');
    fireEvent.change(input(), { target: { value: 'Ana@X.org; bob ' } });
    expect(list).toEqual(['ana@x.org']);
    expect(input().value).toBe('bob');
    expect(screen.getByRole('alert').textContent).toBe('“bob” is not an e-mail address.');
    // A space typed ends the address like Enter; a repeat in another case is the same one.
    type('ANA@x.org', ' ');
    expect(screen.getByRole('alert').textContent).toBe('The tag has exists!');
    // The list so far is what the check sees: two pasted at once, the second is refused.
    fireEvent.change(input(), { target: { value: 'c@x.org d@x.org ' } });
    expect(list).toEqual(['ana@x.org', 'c@x.org']);
    expect(input().value).toBe('d@x.org');
    expect(screen.getByRole('alert').textContent).toBe('Too many');
    let sent: string[] | null = [];
    act(() => {
      sent = field.current?.commit() ?? null;
    });
    expect(sent).toBeNull();
    expect(input().value).toBe('d@x.org');
  });

  it('removes a tag with its button: it fades out and is gone after 500 ms', () => {
    vi.useFakeTimers();
    render(<Field initial={['robot', 'servo']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove robot' }));
    const leaving = screen.getAllByTestId('tag')[0] as HTMLElement;
    expect(leaving.className).toContain('removing');
    expect(status()).toBe('Removed robot');
    expect(document.activeElement).toBe(input());
    act(() => {
      vi.advanceTimersByTime(TAG_REMOVAL_DELAY_MS - 1);
    });
    expect(tags()).toEqual(['robot', 'servo']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(tags()).toEqual(['servo']);
    expect(saved.at(-1)).toEqual(['servo']);
  });

  it('two quick removals both happen', () => {
    vi.useFakeTimers();
    render(<Field initial={['a', 'b', 'c']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove a' }));
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove c' }));
    act(() => {
      vi.advanceTimersByTime(TAG_REMOVAL_DELAY_MS);
    });
    expect(tags()).toEqual(['b']);
  });

  it('Backspace in the empty field selects the last tag, a second one removes it', () => {
    vi.useFakeTimers();
    render(<Field initial={['robot', 'servo']} />);
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(screen.getAllByTestId('tag')[1]?.className).toContain('selected');
    expect(status()).toBe('servo selected: press Backspace again to remove it');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    act(() => {
      vi.advanceTimersByTime(TAG_REMOVAL_DELAY_MS);
    });
    expect(tags()).toEqual(['robot']);
  });

  it('hands what is still typed to the form that is sent, checked like the rest', () => {
    const field = createRef<TagInputHandle>();
    let tags: string[] = ['robot'];
    render(<TagInput ref={field} label="Keywords" value={tags} onChange={(t) => (tags = t)} />);
    expect(field.current?.commit()).toEqual(['robot']);
    fireEvent.change(input(), { target: { value: 'camera' } });
    fireEvent.blur(input());
    expect(input().value).toBe('camera');
    let sent: string[] | null = null;
    act(() => {
      sent = field.current?.commit() ?? null;
    });
    expect(sent).toEqual(['robot', 'camera']);
    expect(tags).toEqual(['robot', 'camera']);
    fireEvent.change(input(), { target: { value: 'robot' } });
    act(() => {
      sent = field.current?.commit() ?? null;
    });
    expect(sent).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The tag has exists!');
  });
});
