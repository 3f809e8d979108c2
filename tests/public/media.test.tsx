import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY } from '../../src-public/layout/company';
import { mockApi, renderApp, setUpPageTests } from './helpers';

setUpPageTests(
  () => import('../../src-public/pages/HomePage'),
  () => import('../../src-public/pages/AboutUsPage'),
);

beforeEach(() => localStorage.clear());

const emptyHome = { 'GET /api/ventures': { data: [], pagination: { totalPages: 1 } } };

/** A stand-in IntersectionObserver: the test says when the observed element comes near. */
function stubIntersectionObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    targets: Element[];
    options?: IntersectionObserverInit;
  }[] = [];
  class FakeObserver {
    private entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, targets: [], options };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.entry.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const watching = (element: Element) => observers.filter((o) => o.targets.includes(element));
  return {
    /**
     * Tells every observer of `element` that it is now within its margin of the viewport, once one
     * watches it: the component observes in an effect, which may run after the page is on screen.
     */
    async bringNear(element: Element) {
      await waitFor(() => expect(watching(element)).not.toHaveLength(0));
      for (const observer of observers) {
        if (!observer.targets.includes(element)) continue;
        act(() =>
          observer.callback(
            [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
            observer as unknown as IntersectionObserver,
          ),
        );
      }
    },
    watching,
  };
}

/** matchMedia answering `matches` for the reduced-motion query and no for every other one. */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}

function setSaveData(saveData: boolean | undefined) {
  if (saveData === undefined) delete (navigator as { connection?: unknown }).connection;
  else Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData } });
}

afterEach(() => setSaveData(undefined));

async function openAbout() {
  mockApi();
  renderApp('/about-us');
  await screen.findByRole('heading', { level: 1, name: 'About Us' });
  return screen.getByTestId('ambient-video');
}

describe('the video on Home and About', () => {
  it('loads the clip only once it comes near the viewport, muted, looping, with the poster first', async () => {
    stubReducedMotion(false);
    const observer = stubIntersectionObserver();
    const box = await openAbout();
    const video = box.querySelector('video')!;
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('poster', '/media/sunrise-poster.jpg');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video.querySelectorAll('source')).toHaveLength(0);
    await waitFor(() => expect(observer.watching(box)).toHaveLength(1));

    await observer.bringNear(box);
    const near = box.querySelector('video')!;
    expect(Array.from(near.querySelectorAll('source')).map((s) => [s.getAttribute('src'), s.type])).toEqual([
      ['/media/sunrise.webm', 'video/webm'],
      ['/media/sunrise.mp4', 'video/mp4'],
    ]);
    expect(near.muted).toBe(true);
    expect(near.loop).toBe(true);
    expect(near.autoplay).toBe(true);
    expect(near).toHaveAttribute('playsinline');
    // The size is known before anything loads: no layout shift.
    expect(near).toHaveAttribute('width', '960');
    expect(near).toHaveAttribute('height', '540');
    expect(getComputedStyle(box).aspectRatio.replace(/\s/g, '')).toBe('960/540');
    // Decoration: hidden from screen readers, described by the caption next to it.
    expect(near).toHaveAttribute('aria-hidden', 'true');
    const figure = box.closest('figure')!;
    expect(within(figure).getByText(/^Sunrise over a growing city/)).toBeInTheDocument();
  });

  it('can be paused and played again', async () => {
    stubReducedMotion(false);
    const observer = stubIntersectionObserver();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    const box = await openAbout();
    await observer.bringNear(box);
    await user.click(within(box).getByRole('button', { name: 'Pause the video' }));
    expect(pause).toHaveBeenCalledTimes(1);
    await user.click(within(box).getByRole('button', { name: 'Play the video' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(within(box).getByRole('button', { name: 'Pause the video' })).toBeInTheDocument();
  });

  it('shows only the poster image when the visitor prefers reduced motion', async () => {
    stubReducedMotion(true);
    const observer = stubIntersectionObserver();
    const box = await openAbout();
    expect(box.querySelector('video')).toBeNull();
    const poster = box.querySelector('img')!;
    expect(poster).toHaveAttribute('src', '/media/sunrise-poster.jpg');
    expect(poster).toHaveAttribute('alt', '');
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
    expect(observer.watching(box)).toHaveLength(0);
  });

  it('shows only the poster image when the browser asks to save data', async () => {
    stubReducedMotion(false);
    setSaveData(true);
    stubIntersectionObserver();
    const box = await openAbout();
    expect(box.querySelector('video')).toBeNull();
    expect(box.querySelector('img')).toHaveAttribute('src', '/media/sunrise-poster.jpg');
  });

  it('plays behind the home hero, which keeps its text and buttons', async () => {
    stubReducedMotion(false);
    setSaveData(false);
    const observer = stubIntersectionObserver();
    mockApi(emptyHome);
    renderApp('/');
    const title = await screen.findByRole('heading', {
      level: 1,
      name: "Invest in Africa's growing businesses",
    });
    const box = screen.getByTestId('ambient-video');
    expect(box.parentElement).toContainElement(title);
    await observer.bringNear(box);
    await waitFor(() => expect(box.querySelectorAll('video source')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'INVEST NOW' })).toHaveAttribute('href', '/ventures');
  });
});

describe("the team's social links", () => {
  it("lead to the company's own pages, not to personal profiles", async () => {
    mockApi();
    renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const team = screen.getByRole('heading', { level: 2, name: 'Meet the team' }).parentElement!;
    const linkedIn = within(team).getAllByRole('link', { name: 'AfriVest on LinkedIn (opens in a new tab)' });
    const x = within(team).getAllByRole('link', { name: 'AfriVest on X (opens in a new tab)' });
    expect(linkedIn.length + x.length).toBe(8);
    for (const link of linkedIn) expect(link).toHaveAttribute('href', COMPANY.social.linkedin);
    for (const link of x) expect(link).toHaveAttribute('href', COMPANY.social.x);
    for (const link of [...linkedIn, ...x]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(COMPANY.social.linkedin).toMatch(/^https:\/\/www\.linkedin\.com\/company\//);
    const hrefs = within(team)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => href.includes('linkedin.com/in/') || href.includes('_afrivest'))).toEqual(
      [],
    );
  });
});
