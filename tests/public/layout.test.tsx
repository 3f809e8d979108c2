import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, mockSignedIn, renderApp, sampleVenture, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/pages/HomePage'),
  () => import('../../src-public/pages/AboutUsPage'),
);

beforeEach(() => localStorage.clear());

describe('public layout', () => {
  it('shows the risk banner, the landmarks and the footer links on the home page', async () => {
    mockApi({ 'GET /api/ventures': { data: [], pagination: { totalPages: 1 } } });
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "Invest in Africa's growing businesses",
    );
    const banner = screen.getByRole('region', { name: 'Risk warning' });
    expect(banner).toHaveTextContent("Don't invest unless you're prepared to lose all the money you invest.");
    expect(banner).toHaveTextContent('high-risk investment');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    const expected: [string, string][] = [
      ['Invest', '/ventures'],
      ['How To Invest', '/how-to-invest'],
      ['About Us', '/about-us'],
      ['Contact Us', '/contact-us'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms', '/terms-and-conditions'],
    ];
    for (const [name, href] of expected) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer).toHaveTextContent(
      'AfriVest Capital OÜ is a private limited company registered in Estonia',
    );
    expect(footer).toHaveTextContent('16543210');
    for (const city of ['Rīga', 'Tallinn', 'Vilnius']) expect(footer).toHaveTextContent(city);
    expect(within(footer).getByRole('link', { name: 'hello@afrivest.example' })).toHaveAttribute(
      'href',
      'mailto:hello@afrivest.example',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('makes no profile or balance call without the login marker cookie and offers Login', async () => {
    const { calls } = mockApi({
      'GET /api/ventures': { data: [sampleVenture], pagination: { totalPages: 1 } },
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: sampleVenture.title })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(calls.map((call) => call.path)).toEqual(['/api/ventures']);
    expect(calls[0]?.url).toBe('/api/ventures?limit=3&sortBy=createdAt&order=desc');
    expect(screen.getByRole('link', { name: `Details of ${sampleVenture.title}` })).toHaveAttribute(
      'href',
      '/ventures/abc',
    );
    expect(screen.getByRole('img', { name: `Cover image of ${sampleVenture.title}` })).toHaveAttribute(
      'src',
      '/uploads/ventures/abc/1.jpg',
    );
  });

  it('shows Dashboard and the euro balance when the login marker exists', async () => {
    let releaseBalance: (value: Response) => void = () => {};
    mockSignedIn({
      'GET /api/ventures': { data: [], pagination: {} },
      'GET /api/balances/my-balance': () => new Promise<Response>((resolve) => (releaseBalance = resolve)),
    });
    renderApp('/');

    const header = screen.getByRole('banner');
    expect(await within(header).findByText('Loading balance...')).toBeInTheDocument();
    releaseBalance(jsonResponse(200, { balance: 1234.5 }));
    expect(await within(header).findByText('€1,234.50')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/overview');
    expect(within(header).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows nothing in the balance slot when the balance is not a number', async () => {
    mockSignedIn({
      'GET /api/ventures': { data: [], pagination: {} },
      'GET /api/balances/my-balance': { balance: 'n/a' },
    });
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(within(header).queryByText('Loading balance...')).not.toBeInTheDocument());
    expect(within(header).queryByText(/€/)).not.toBeInTheDocument();
  });

  it('scrolls smoothly to the top after a navigation', async () => {
    mockApi({ 'GET /api/ventures': { data: [], pagination: {} } });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/about-us');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    // The scroll runs in a passive effect, which React may flush after the new page is painted.
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
  });
});
