import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AfterFrame from './AfterFrame.tsx';

afterEach(cleanup);

describe('AfterFrame', () => {
  it('commits the frame first and its page in a later task', async () => {
    render(
      <main>
        <h1>Frame</h1>
        <AfterFrame>
          <p>Page</p>
        </AfterFrame>
      </main>,
    );
    expect(screen.getByText('Frame')).toBeTruthy();
    expect(screen.queryByText('Page')).toBeNull();
    expect(await screen.findByText('Page')).toBeTruthy();
  });

  it('leaves nothing to do when the frame is gone first', async () => {
    const { unmount } = render(
      <AfterFrame>
        <p>Page</p>
      </AfterFrame>,
    );
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Page')).toBeNull();
  });
});
