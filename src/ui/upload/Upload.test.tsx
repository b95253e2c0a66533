import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import Upload from './Upload.tsx';
import { UNDO_MS } from './upload-queue.ts';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const file = (name: string, bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

function choose(files: File[]) {
  const input = screen.getByLabelText('Choose images');
  fireEvent.change(input, { target: { files } });
}

describe('Upload', () => {
  it('drops files that are not png, jpg, jpeg or gif and says so', async () => {
    const uploaded: string[] = [];
    render(
      <Upload
        mode="gallery"
        label="Choose images"
        upload={(f) => {
          uploaded.push(f.name);
          return Promise.resolve(`/img/${f.name}`);
        }}
        onChange={() => {}}
      />,
    );
    await act(async () => {
      choose([file('robot.png', 3 * 1024), file('notes.pdf', 10, 'application/pdf')]);
    });
    expect(uploaded).toEqual(['robot.png']);
    expect(screen.getByRole('alert').textContent).toContain(
      'notes.pdf was not added: only png, jpg, jpeg, gif files are accepted.',
    );
    const item = screen.getByTestId('upload-item');
    expect(within(item).getByTestId('upload-size').textContent).toBe('3 KB');
  });

  it('removes a file only after 2 s, and Undo brings it back', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(
      <Upload
        mode="gallery"
        label="Choose images"
        upload={() => Promise.reject(new Error('unused'))}
        initialUrls={['/api/v1/classroom/image/a', '/api/v1/classroom/image/b']}
        onChange={onChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(screen.getByText('Removed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    act(() => {
      vi.advanceTimersByTime(UNDO_MS * 2);
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('upload-item')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove a' }));
    act(() => {
      vi.advanceTimersByTime(UNDO_MS);
    });
    expect(onChange).toHaveBeenCalledWith(['/api/v1/classroom/image/b']);
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
  });

  it('shows upload progress and a failure with a retry', async () => {
    let fail = true;
    let progress: (f: number) => void = () => {};
    let finish: (url: string) => void = () => {};
    render(
      <Upload
        mode="single"
        label="Choose images"
        upload={(_f, onProgress) => {
          progress = onProgress;
          return fail
            ? Promise.reject(new Error('down'))
            : new Promise<string>((resolve) => (finish = resolve));
        }}
        onChange={() => {}}
      />,
    );
    await act(async () => {
      choose([file('header.gif', 100, 'image/gif')]);
    });
    expect(screen.getByRole('alert').textContent).toContain('Not uploaded');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    act(() => progress(0.4));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    await act(async () => finish('/img/header.gif'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('upload-item').dataset.status).toBe('done');
  });
});
