import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RouteErrorPage } from '../../src-public/layout/RouteErrorPage';
import { CHUNK_RELOAD_KEY } from '../../src-public/lib/chunkReload';
import { renderWithProviders } from './helpers';

function renderFailingRoute(error: unknown, reload = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => {
          throw error;
        },
        element: <p>never shown</p>,
        errorElement: <RouteErrorPage reload={reload} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return reload;
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorPage', () => {
  it('shows the title and the error message', async () => {
    renderFailingRoute(new Error('Boom in the loader'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByText('Boom in the loader')).toBeInTheDocument();
    expect(screen.queryByText('never shown')).not.toBeInTheDocument();
  });

  it('shows the status and status text of a route error response', async () => {
    renderFailingRoute(new Response('', { status: 404, statusText: 'Not Found' }));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
  });

  it('reloads once when a lazy module failed to load, then shows the error', async () => {
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/HomePage-abc.js');
    const reload = renderFailingRoute(chunkError);
    expect(await screen.findByText('Loading the latest version...')).toBeInTheDocument();
    // The reload is the effect after that render: on a busy machine the text can be found first.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();

    // After the reload the module still fails: no second reload, the error is shown.
    const secondReload = renderFailingRoute(chunkError);
    expect(await screen.findByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
    expect(secondReload).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
