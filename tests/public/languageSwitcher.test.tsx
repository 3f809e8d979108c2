import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher, preloadLanguageMenu } from '../../src-public/layout/LanguageSwitcher';
import { isLocalHost, parentDomain, persistLanguage } from '../../src-public/lib/language';
import { clearCookies, renderWithProviders } from './helpers';

// The dropdown is a lazy chunk (a browser loads it when the pointer reaches the button); with it
// loaded beforehand the menu opens on the click itself, as these fake-timer tests expect.
beforeAll(() => preloadLanguageMenu());

beforeEach(() => {
  vi.useFakeTimers();
  clearCookies();
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  clearCookies();
  localStorage.clear();
});

function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Language: English' }));
}

describe('LanguageSwitcher', () => {
  it('shows a flag and label per language, each language named in itself', () => {
    renderWithProviders(<LanguageSwitcher onReload={vi.fn()} />);
    openMenu();
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['English', 'Deutsch', 'Español', 'Français']);
    expect(items.map((item) => item.getAttribute('lang'))).toEqual(['en', 'de', 'es', 'fr']);
    const flags = items.map((item) => item.querySelector('img')?.getAttribute('src'));
    expect(flags).toEqual(['/flags/gb.svg', '/flags/de.svg', '/flags/es.svg', '/flags/fr.svg']);
  });

  it('waits 500 ms with a loader, then saves the language, sets the cookie and reloads', () => {
    const reload = vi.fn();
    renderWithProviders(<LanguageSwitcher onReload={reload} />);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Deutsch' }));

    expect(screen.getByRole('status', { name: 'Changing language...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(localStorage.getItem('lang')).toBeNull();
    expect(document.cookie).not.toContain('googtrans');
    expect(reload).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(localStorage.getItem('lang')).toBe('de');
    expect(document.cookie).toContain('googtrans=/en/de');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the current language is chosen', () => {
    const reload = vi.fn();
    renderWithProviders(<LanguageSwitcher onReload={reload} />);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'English' }));

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBeNull();
    expect(document.cookie).not.toContain('googtrans');
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the language read at start-up (German catalog)', () => {
    renderWithProviders(<LanguageSwitcher onReload={vi.fn()} />, { language: 'de' });
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
  });

  it('the German menu lists "English", so a visitor who switched by mistake finds the way back (issue 30)', () => {
    renderWithProviders(<LanguageSwitcher onReload={vi.fn()} />, { language: 'de' });
    fireEvent.click(screen.getByRole('button', { name: 'Sprache: Deutsch' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['English', 'Deutsch', 'Español', 'Français']);
  });

  it('names every language in itself in French and Spanish too', () => {
    for (const language of ['fr', 'es'] as const) {
      const { unmount } = renderWithProviders(<LanguageSwitcher onReload={vi.fn()} />, { language });
      fireEvent.click(screen.getByRole('button', { name: /Français|Español/ }));
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'English',
        'Deutsch',
        'Español',
        'Français',
      ]);
      unmount();
    }
  });
});

describe('translation cookie', () => {
  it('replaces an older cookie value', () => {
    document.cookie = 'googtrans=/en/fr; path=/';
    persistLanguage('es', { hostname: 'localhost', secure: false });
    expect(document.cookie.match(/googtrans=/g)).toHaveLength(1);
    expect(document.cookie).toContain('googtrans=/en/es');
  });

  it('uses the parent domain only outside local development', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('[::1]')).toBe(true);
    expect(parentDomain('localhost')).toBeUndefined();
    expect(parentDomain('10.0.0.7')).toBeUndefined();
    expect(parentDomain('app.afrivest.example')).toBe('.afrivest.example');
    expect(parentDomain('afrivest.example')).toBe('.afrivest.example');
  });

  it('writes a 30-day, path=/, SameSite=Lax cookie with the parent domain on a real host', () => {
    const written: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
    });
    try {
      const now = Date.UTC(2025, 6, 6);
      persistLanguage('fr', { hostname: 'app.afrivest.example', secure: true, now });
      const last = written.at(-1) ?? '';
      expect(last).toContain('googtrans=/en/fr');
      expect(last).toContain(`expires=${new Date(now + 2_592_000_000).toUTCString()}`);
      expect(last).toContain('path=/');
      expect(last).toContain('SameSite=Lax');
      expect(last).toContain('domain=.afrivest.example');
      expect(last).toContain('Secure');
      // the older copies are expired first: bare, path /, host and parent domain
      expect(written.slice(0, -1).every((cookie) => cookie.includes('expires=Thu, 01 Jan 1970'))).toBe(true);
      expect(written.slice(0, -1).some((cookie) => cookie.includes('domain=.afrivest.example'))).toBe(true);
    } finally {
      spy.mockRestore();
      if (descriptor) Object.defineProperty(Document.prototype, 'cookie', descriptor);
    }
  });
});
