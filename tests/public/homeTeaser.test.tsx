import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VENTURE_CACHE_MS } from '../../src-public/ventures/filters';
import { jsonResponse, mockApi, PRELOAD_TIMEOUT, preloadPages, renderApp, sampleVenture } from './helpers';

beforeAll(
  () =>
    preloadPages(
      () => import('../../src-public/pages/HomePage'),
      () => import('../../src-public/pages/AboutUsPage'),
    ),
  PRELOAD_TIMEOUT,
);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NEWEST = [
  { ...sampleVenture, _id: 'n1', title: 'Newest Venture' },
  { ...sampleVenture, _id: 'n2', title: 'Second Venture', images: [] },
  { ...sampleVenture, _id: 'n3', title: 'Third Venture' },
];
const TEASER_URL = '/api/ventures?limit=3&sortBy=createdAt&order=desc';

const teaserCalls = (calls: { url: string }[]) => calls.filter((call) => call.url === TEASER_URL);

function newProjects() {
  return within(screen.getByRole('region', { name: 'New projects' }));
}

describe('home: new projects teaser', () => {
  it('shows the 3 newest ventures with DETAILS links and BROWSE MORE PROJECTS', async () => {
    const { calls } = mockApi({ 'GET /api/ventures': { data: NEWEST, pagination: { totalPages: 1 } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 3, name: 'Newest Venture' })).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/ventures').map((call) => call.url)).toEqual([
      TEASER_URL,
    ]);
    const section = newProjects();
    for (const venture of NEWEST) {
      expect(section.getByRole('link', { name: `Details of ${venture.title}` })).toHaveAttribute(
        'href',
        `/ventures/${venture._id}`,
      );
    }
    expect(section.getAllByRole('link', { name: /^Details of/ })).toHaveLength(3);
    expect(section.getByRole('img', { name: 'No picture yet for Second Venture' })).toHaveAttribute(
      'src',
      '/images/venture-fallback.svg',
    );
    expect(section.getByRole('link', { name: 'BROWSE MORE PROJECTS' })).toHaveAttribute('href', '/ventures');
  });

  it('is cached for 5 minutes, then loaded again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = mockApi({ 'GET /api/ventures': { data: NEWEST, pagination: { totalPages: 1 } } });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 3, name: 'Newest Venture' })).toBeVisible();

    const visitAgain = async () => {
      await router.navigate('/about-us');
      await screen.findByRole('heading', { level: 1, name: 'About Us' });
      await router.navigate('/');
      expect(await screen.findByRole('heading', { level: 3, name: 'Newest Venture' })).toBeVisible();
    };

    vi.setSystemTime(Date.now() + VENTURE_CACHE_MS - 10_000);
    await visitAgain();
    expect(teaserCalls(calls)).toHaveLength(1);

    vi.setSystemTime(Date.now() + 20_000);
    await visitAgain();
    await waitFor(() => expect(teaserCalls(calls)).toHaveLength(2));
  });

  it('only logs a failure: no cards, no message, the link to all ventures stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/ventures': jsonResponse(500, {
        message: 'Something went wrong.',
        code: 'common.server_error',
      }),
    });
    renderApp('/');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not load the newest ventures', expect.anything()),
    );
    const section = newProjects();
    await waitFor(() =>
      expect(section.queryByText('Loading the newest projects...')).not.toBeInTheDocument(),
    );
    expect(section.queryAllByRole('link', { name: /^Details of/ })).toHaveLength(0);
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'BROWSE MORE PROJECTS' })).toHaveAttribute('href', '/ventures');
  });
});
