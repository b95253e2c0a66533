import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ui } from '../../state/ui.ts';
import { useRouteLoading } from './use-route-loading.ts';

function Layout() {
  useRouteLoading();
  return <Outlet />;
}

afterEach(() => {
  cleanup();
  ui.loading = false;
});

describe('useRouteLoading', () => {
  it('sets the loading flag while a route change loads and clears it after', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const router = createMemoryRouter([
      {
        element: <Layout />,
        children: [
          { path: '/', element: <p>home</p> },
          {
            path: '/slow',
            lazy: async () => {
              await gate;
              return { element: <p>slow screen</p> };
            },
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText('home');
    expect(ui.loading).toBe(false);

    act(() => void router.navigate('/slow'));
    await waitFor(() => expect(ui.loading).toBe(true));
    expect(screen.getByText('home')).toBeTruthy();

    release();
    await screen.findByText('slow screen');
    await waitFor(() => expect(ui.loading).toBe(false));
  });
});
