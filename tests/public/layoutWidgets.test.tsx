import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../src-shared/theme';
import {
  choose,
  fill,
  findToast,
  jsonResponse,
  mockApi,
  mockSignedIn,
  openPage,
  renderApp,
  setUpPageTests,
} from './helpers';

setUpPageTests(
  () => import('../../src-public/pages/HomePage'),
  () => import('../../src-public/pages/AboutUsPage'),
  () => import('../../src-public/auth/pages/LoginPage'),
  () => import('../../src-public/auth/pages/RegisterPage'),
  () => import('../../src-public/auth/pages/VerifyEmailPage'),
  () => import('../../src-public/pages/TermsPage'),
  () => import('../../src-public/investor/InvestorLayout'),
  () => import('../../src-public/investor/ProfilePage'),
);

beforeEach(() => localStorage.clear());

const emptyHome = { 'GET /api/ventures': { data: [], pagination: { totalPages: 1 } } };

/** Opens the home page (no ventures) and waits for its h1. */
async function openHome() {
  const rendered = renderApp('/');
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

/**
 * Scrolls the page to `y` as a browser does: the window offsets (MUI's useScrollTrigger reads
 * `window.pageYOffset`) and the root element's scrollTop move together, then a scroll event fires.
 * The stubs are undone by `vi.unstubAllGlobals()` (setUpPageTests) and `resetScroll()`.
 */
function scrollPageTo(y: number) {
  vi.stubGlobal('pageYOffset', y);
  vi.stubGlobal('scrollY', y);
  Object.defineProperty(document.documentElement, 'scrollTop', { configurable: true, value: y });
  fireEvent.scroll(window);
}

function resetScroll() {
  delete (document.documentElement as { scrollTop?: number }).scrollTop;
}

const scrollTopButton = () => screen.queryByRole('button', { name: 'Scroll to top' });

/**
 * The `display` the page's style sheets give `element` in a viewport `width` px wide. jsdom does
 * not evaluate media queries, and the header switches between its links and the menu button with
 * CSS breakpoints only (sx `display: { xs, md }`, no useMediaQuery), so this applies the
 * min-/max-width rules itself; rules with any other media feature are left out.
 */
function displayAt(element: Element, width: number): string {
  let display = '';
  const matchesWidth = (media: string) => {
    const features = media.match(/\([^)]*\)/g) ?? [];
    return features.every((feature) => {
      const bound = /^\((min|max)-width:\s*([\d.]+)px\)$/.exec(feature);
      if (!bound) return false;
      const px = Number(bound[2]);
      return bound[1] === 'min' ? width >= px : width <= px;
    });
  };
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ('media' in rule && 'cssRules' in rule) {
        const grouping = rule as CSSMediaRule;
        if (matchesWidth(grouping.media.mediaText)) visit(grouping.cssRules);
      } else if ('selectorText' in rule) {
        const style = rule as CSSStyleRule;
        if (style.style.display && element.matches(style.selectorText)) display = style.style.display;
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
  return display;
}

const PHONE = 375;
const DESKTOP = theme.breakpoints.values.lg;

describe('scroll-to-top button', () => {
  afterEach(() => resetScroll());

  it('appears only after more than 300 px of scroll and brings the page smoothly back to the top', async () => {
    mockApi(emptyHome);
    const user = userEvent.setup();
    await openHome();
    expect(scrollTopButton()).not.toBeInTheDocument();

    scrollPageTo(250);
    expect(scrollTopButton()).not.toBeInTheDocument();

    scrollPageTo(400);
    const button = await screen.findByRole('button', { name: 'Scroll to top' });
    expect(button).toBeVisible();

    const scrollTo = vi.spyOn(window, 'scrollTo');
    scrollTo.mockClear();
    await user.click(button);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    // Back under the threshold (the page reached the top, or the reader scrolled up): it goes away.
    scrollPageTo(250);
    await waitFor(() => expect(scrollTopButton()).not.toBeInTheDocument());
  });

  it('has a translated name', async () => {
    mockApi(emptyHome);
    renderApp('/', { language: 'de' });
    await screen.findByRole('heading', { level: 1 });
    scrollPageTo(400);
    expect(await screen.findByRole('button', { name: 'Nach oben scrollen' })).toBeVisible();
    expect(scrollTopButton()).not.toBeInTheDocument();
  });
});

describe('mobile menu', () => {
  const expectedLinks = (account: [string, string]): [string, string][] => [
    ['Home', '/'],
    ['Invest', '/ventures'],
    ['About', '/about-us'],
    ['Support', '/help'],
    ['Contact', '/contact-us'],
    account,
  ];

  /** Opens the menu with the header's menu button and returns the menu's navigation landmark. */
  async function openMenu(user: ReturnType<typeof userEvent.setup>) {
    const header = screen.getByRole('banner');
    const button = within(header).getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    return screen.findByRole('navigation', { name: 'Mobile navigation' });
  }

  function expectLinks(menu: HTMLElement, expected: [string, string][]) {
    for (const [name, href] of expected) {
      expect(within(menu).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(menu).getAllByRole('link')).toHaveLength(expected.length);
  }

  it('is the header navigation at a phone width: the menu button shows and the header links hide', async () => {
    mockApi(emptyHome);
    await openHome();
    const header = screen.getByRole('banner');
    const menuButton = within(header).getByRole('button', { name: 'Open menu' });
    const headerLinks = within(header).getByRole('navigation', { name: 'Main navigation' });
    const login = within(header).getByRole('link', { name: 'Login' });

    expect(displayAt(menuButton, PHONE)).toBe('inline-flex');
    expect(displayAt(headerLinks, PHONE)).toBe('none');
    expect(displayAt(login.parentElement!, PHONE)).toBe('none');

    expect(displayAt(menuButton, DESKTOP)).toBe('none');
    expect(displayAt(headerLinks, DESKTOP)).toBe('flex');
    expect(displayAt(login.parentElement!, DESKTOP)).toBe('block');

    // At every width exactly one of the two ways to the links shows: never both, never neither.
    const { values } = theme.breakpoints;
    const widths = [320, PHONE, values.sm, values.md - 1, values.md, values.lg - 1, DESKTOP, values.xl];
    for (const width of widths) {
      const menuShown = displayAt(menuButton, width) !== 'none';
      expect({ width, headerLinks: displayAt(headerLinks, width) !== 'none' }).toEqual({
        width,
        headerLinks: !menuShown,
      });
      expect({ width, login: displayAt(login.parentElement!, width) !== 'none' }).toEqual({
        width,
        login: !menuShown,
      });
    }
  });

  it('lists Home, Invest, About, Support, Contact and Login, and closes on a choice', async () => {
    mockApi(emptyHome);
    const user = userEvent.setup();
    const { router } = await openHome();
    const menu = await openMenu(user);
    expectLinks(menu, expectedLinks(['Login', '/login']));
    expect(within(menu).getByText('Help')).toBeVisible();

    await user.click(within(menu).getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/about-us');
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument(),
    );
  });

  it('closes with its Close menu button', async () => {
    mockApi(emptyHome);
    const user = userEvent.setup();
    await openHome();
    const menu = await openMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument(),
    );
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes when the window is widened past the phone layout, so the page is not left blocked', async () => {
    // jsdom has no matchMedia: a stub whose answer the test changes, like a window being resized.
    let wide = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return wide && query.includes('min-width');
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
    }));
    try {
      mockApi(emptyHome);
      const user = userEvent.setup();
      await openHome();
      const menu = await openMenu(user);
      expect(menu).toBeVisible();
      wide = true;
      act(() => listeners.forEach((listener) => listener()));
      await waitFor(() =>
        expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument(),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers Dashboard (/user/overview) instead of Login, and the balance, to a signed-in investor', async () => {
    mockSignedIn(emptyHome, { balance: 1234.5 });
    const user = userEvent.setup();
    await openHome();
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Dashboard' })).toBeVisible();
    const menu = await openMenu(user);
    expectLinks(menu, expectedLinks(['Dashboard', '/user/overview']));
    expect(within(menu).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(await within(menu).findByText('€1,234.50')).toBeVisible();
  });
});

describe('at a phone width (390 px)', () => {
  const WIDTH = 390;

  it('the risk banner has the short wording on a phone, the full one wider, and links to the full warning', async () => {
    mockApi(emptyHome);
    const user = userEvent.setup();
    const { router } = await openHome();
    const banner = screen.getByRole('region', { name: 'Risk warning' });
    const full = within(banner).getByText(/you are unlikely to be protected if something goes wrong/);
    const short = within(banner).getByText(
      "Don't invest unless you're prepared to lose all your money. High risk.",
    );
    expect([displayAt(full, WIDTH), displayAt(short, WIDTH)]).toEqual(['none', 'inline']);
    expect([displayAt(full, DESKTOP), displayAt(short, DESKTOP)]).toEqual(['inline', 'none']);

    const link = within(banner).getByRole('link', { name: 'Full warning' });
    expect(link).toHaveAttribute('href', '/terms-and-conditions#legal-risk');
    expect(displayAt(link, WIDTH)).not.toBe('none');

    // jsdom has no scrollIntoView: a spy records which element the page brings into view.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      vi.mocked(window.scrollTo).mockClear();
      await user.click(link);
      expect(await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
      expect(router.state.location.hash).toBe('#legal-risk');
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
      const heading = scrollIntoView.mock.contexts.at(-1) as HTMLElement;
      expect(heading).toHaveAccessibleName('5. Investment risk');
      expect(heading.closest('section')).toHaveTextContent('You may lose all the money you invest');
      // The move to the top after a navigation would take the reader away from the warning.
      expect(window.scrollTo).not.toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('shows the balance in the header itself, not only in the menu', async () => {
    mockSignedIn(emptyHome, { balance: 16400 });
    await openHome();
    const header = screen.getByRole('banner');
    const amount = await within(header).findByText('€16,400.00');
    for (
      let element: HTMLElement | null = amount;
      element && element !== header;
      element = element.parentElement
    ) {
      expect({ element: element.className, display: displayAt(element, WIDTH) }).not.toEqual({
        element: element.className,
        display: 'none',
      });
    }
    // Only the amount shows on a phone; screen readers still hear what it is.
    expect(amount.parentElement).toHaveTextContent('Balance: €16,400.00');
    expect(within(header).queryByRole('navigation', { name: 'Mobile navigation' })).not.toBeInTheDocument();
  });

  it("the investor area's tabs scroll sideways, with buttons on a phone, and the active one in view", async () => {
    // jsdom lays nothing out: a 200 px strip of 120 px tabs, moved by the strip's scroll offset.
    const STRIP = 200;
    const TAB = 120;
    const original = HTMLElement.prototype.getBoundingClientRect;
    const rect = (left: number, width: number) =>
      ({ left, right: left + width, width, top: 0, bottom: 48, height: 48, x: left, y: 0 }) as DOMRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const strip = this.closest('.MuiTabs-scroller');
      if (this.classList.contains('MuiTabs-scroller')) return rect(0, STRIP);
      if (strip && this.parentElement?.classList.contains('MuiTabs-list')) {
        const index = Array.from(this.parentElement.children).indexOf(this);
        return rect(index * TAB - strip.scrollLeft, TAB);
      }
      return original.call(this);
    });
    mockSignedIn();
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Investor area' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Funding',
      'Investments',
      'Auto-invest',
      'Statements',
      'Tickets',
      'Verification',
      'Investor profile',
      'Profile',
    ]);
    // Still plain links: each reachable with Tab, the current page marked.
    for (const link of links) expect(link).not.toHaveAttribute('tabindex', '-1');
    expect(within(nav).queryAllByRole('tab')).toHaveLength(0);
    const profile = within(nav).getByRole('link', { name: 'Profile' });
    expect(profile).toHaveAttribute('aria-current', 'page');

    // The last tab starts at 720 px: the strip has scrolled it fully into its 200 px.
    await waitFor(() => {
      const { left, right } = profile.getBoundingClientRect();
      expect({ left: left >= 0, right: right <= STRIP }).toEqual({ left: true, right: true });
    });

    // The scroll arrows show at a phone width too.
    const arrows = nav.querySelectorAll('.MuiTabs-scrollButtons');
    expect(arrows).toHaveLength(2);
    for (const arrow of Array.from(arrows)) expect(displayAt(arrow, WIDTH)).not.toBe('none');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('loader overlay', () => {
  // The overlay is an MUI Backdrop, which marks itself aria-hidden: the spinner is found with
  // `hidden: true` (a sighted user sees it; assistive technology is not told).
  const spinner = () => screen.queryByRole('progressbar', { name: 'Loading...', hidden: true });

  it('covers the page while a login request is on its way and goes away with the answer', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    await openPage('/login', 'Login');
    expect(spinner()).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const shown = await waitFor(() => {
      const element = spinner();
      expect(element).toBeInTheDocument();
      return element!;
    });
    const overlay = shown.closest('.MuiBackdrop-root')!;
    expect(overlay).toBeVisible();
    expect(overlay).toContainElement(shown);
    // Screen readers are told too, through a status beside the aria-hidden overlay.
    const loadingStatus = () =>
      screen.queryAllByRole('status').filter((el) => el.textContent === 'Loading...');
    expect(loadingStatus()).toHaveLength(1);

    answer(jsonResponse(401, { message: 'Invalid email or password.', code: 'auth.invalid_credentials' }));
    expect(await findToast('Invalid email or password.')).toBeVisible();
    await waitFor(() => expect(spinner()).not.toBeInTheDocument());
    await waitFor(() => expect(overlay).not.toBeVisible());
    expect(loadingStatus()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('covers the page while a registration is sent and is gone on the next screen', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'POST /api/auth/register': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const { router } = await openPage('/register', 'Create Account');
    await fill(user, screen.getByLabelText(/First name/), 'Ada');
    await fill(user, screen.getByLabelText(/Last name/), 'Lovelace');
    await fill(user, screen.getByLabelText(/^Email/), 'ada@example.com');
    await fill(user, screen.getByLabelText(/^Phone/), '+372 5555 5555');
    await choose(user, /Country/, 'Estonia');
    await choose(user, /City/, 'Tartu');
    await fill(user, screen.getByLabelText(/Address/), 'Rüütli 1');
    await fill(user, screen.getByLabelText(/^Password/), 'longpassword');
    await fill(user, screen.getByLabelText(/Confirm password/), 'longpassword');
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms & Conditions/ }));
    expect(spinner()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(spinner()).toBeInTheDocument());
    expect(spinner()!.closest('.MuiBackdrop-root')).toBeVisible();

    answer(jsonResponse(201, { message: 'Registration successful!', email: 'ada@example.com' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/verify-email');
    await waitFor(() => expect(spinner()).not.toBeInTheDocument());
  });
});
