import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES, VentureImage } from '../../src-public/ventures/VentureImage';
import { VENTURE_FALLBACK_IMAGE } from '../../src-public/lib/images';
import { mockApi, PRELOAD_TIMEOUT, preloadPages, renderApp, sampleVenture } from './helpers';

beforeAll(
  () =>
    preloadPages(
      () => import('../../src-public/ventures/VenturesPage'),
      () => import('../../src-public/ventures/VentureDetailPage'),
    ),
  PRELOAD_TIMEOUT,
);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const STORED = '/uploads/ventures/v1/0b7a4c1e-2f0a-4a52-9d4e-3f1c2b6a7d80.jpg';
const COPIES = `${STORED.replace('.jpg', '-480w.webp')} 480w, ${STORED.replace('.jpg', '-960w.webp')} 960w, ${STORED.replace('.jpg', '-1440w.webp')} 1440w`;

function webpSource(img: HTMLElement) {
  return img.closest('picture')?.querySelector('source[type="image/webp"]') ?? null;
}

describe('a venture cover', () => {
  it('offers the WebP copies by width, keeps the JPEG as the fallback and its size, and loads lazily', () => {
    render(<VentureImage images={[STORED]} alt="Cover" />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img).toHaveAttribute('src', STORED);
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority', 'high');
    const source = webpSource(img);
    expect(source).toHaveAttribute('srcset', COPIES);
    expect(source).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
  });

  it("as the page's largest picture: loaded at once and first", () => {
    render(<VentureImage images={[STORED]} alt="Cover" priority sizes={DETAIL_IMAGE_SIZES} />);
    const img = screen.getByRole('img', { name: 'Cover' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(webpSource(img)).toHaveAttribute('sizes', DETAIL_IMAGE_SIZES);
  });

  it('has no copies for the fallback picture', () => {
    render(<VentureImage images={[]} alt="Cover" placeholderAlt="No picture" />);
    const img = screen.getByRole('img', { name: 'No picture' });
    expect(img).toHaveAttribute('src', VENTURE_FALLBACK_IMAGE);
    expect(webpSource(img)).toBeNull();
  });
});

describe('the ventures list', () => {
  it("holds the cards' place with outlines while loading, then loads the first cover first", async () => {
    let answer: ((value: unknown) => void) | undefined;
    const second = { ...sampleVenture, _id: 'v2', title: 'Second venture', images: [STORED] };
    mockApi({
      'GET /api/ventures': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/ventures');
    await waitFor(() => expect(screen.getAllByTestId('venture-card-skeleton')).toHaveLength(3));
    // The outlines can show before the list's request leaves (on a busy machine the page's chunk
    // and catalogs load first): answer the request itself, not a resolver that is not there yet.
    await waitFor(() => expect(answer).toBeDefined());
    answer!({
      data: [{ ...sampleVenture, images: [STORED] }, second],
      pagination: { page: 1, limit: 9, total: 2, totalPages: 1 },
    });
    const region = await screen.findByRole('region', { name: 'Ventures found' });
    await within(region).findByRole('heading', { level: 2, name: 'Second venture' });
    expect(screen.queryAllByTestId('venture-card-skeleton')).toHaveLength(0);
    const covers = within(region).getAllByRole('img');
    expect(covers[0]).toHaveAttribute('fetchpriority', 'high');
    expect(covers[0]).toHaveAttribute('loading', 'eager');
    expect(covers[1]).toHaveAttribute('loading', 'lazy');
    expect(covers[1]).not.toHaveAttribute('fetchpriority', 'high');
  });
});
