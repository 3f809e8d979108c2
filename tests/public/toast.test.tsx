import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_TOAST_MS,
  AUTH_TOAST_MS,
  preloadToasts,
  ToastProvider,
  useToast,
} from '../../src-public/components/ToastProvider';
import { renderWithProviders, stubPhoneWidth } from './helpers';

function Trigger({ message, duration }: { message: string; duration?: number }) {
  const toast = useToast();
  return <button onClick={() => toast.success(message, duration)}>notify</button>;
}

// The toast is a lazy chunk (it loads with the first toast); with it loaded beforehand the toast
// shows on the click itself, as these fake-timer tests expect.
beforeAll(() => preloadToasts());
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('where a toast sits (issue 30, item 11: it covers nothing that matters)', () => {
  it('on a desktop: top right, just below the app bar, wherever the page is scrolled', () => {
    const header = document.createElement('header');
    document.body.append(header);
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ bottom: 120 } as DOMRect);
    try {
      renderWithProviders(
        <ToastProvider>
          <Trigger message="Saved." />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'notify' }));
      advance(0);
      const snackbar = screen.getByRole('alert').closest<HTMLElement>('.MuiSnackbar-root')!;
      expect(snackbar).toHaveClass('MuiSnackbar-anchorOriginTopRight');
      expect(snackbar.style.top).toBe('136px');
    } finally {
      header.remove();
    }
  });

  it('on a phone: at the bottom, clear of the header, the menu and the language switcher', () => {
    stubPhoneWidth();
    renderWithProviders(
      <ToastProvider>
        <Trigger message="Saved." />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    advance(0);
    expect(screen.getByRole('alert').closest('.MuiSnackbar-anchorOriginBottomCenter')).not.toBeNull();
  });
});

describe('ToastProvider', () => {
  it('shows a toast in the top-right corner and closes it after its duration', () => {
    renderWithProviders(
      <ToastProvider>
        <Trigger message="Profile updated successfully." duration={APP_TOAST_MS} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    advance(0);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Profile updated successfully.');
    expect(alert.closest('.MuiSnackbar-anchorOriginTopRight')).not.toBeNull();

    advance(APP_TOAST_MS - 100);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    advance(200); // the timer fires and the toast starts closing
    advance(1000); // the exit transition ends
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the toasts of the sign-in flows for 5 seconds', () => {
    expect(AUTH_TOAST_MS).toBe(5000);
    renderWithProviders(
      <ToastProvider>
        <Trigger message="Login successful!" duration={AUTH_TOAST_MS} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    advance(0);
    advance(4900);
    expect(screen.getByRole('alert')).toHaveTextContent('Login successful!');
    advance(200);
    advance(1000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over the toast and resumes when it leaves', () => {
    renderWithProviders(
      <ToastProvider>
        <Trigger message="Login successful!" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    advance(0);
    const alert = screen.getByRole('alert');
    fireEvent.mouseEnter(alert);
    advance(20_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Login successful!');

    fireEvent.mouseLeave(alert);
    advance(5000);
    advance(1000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("labels the close button in the reader's language and closes the toast with it", () => {
    renderWithProviders(
      <ToastProvider>
        <Trigger message="Profil aktualisiert." />
      </ToastProvider>,
      { language: 'de' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    advance(0);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    advance(1000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows toasts one after the other', () => {
    function Two() {
      const toast = useToast();
      return (
        <button
          onClick={() => {
            toast.error('First');
            toast.info('Second');
          }}
        >
          two
        </button>
      );
    }
    renderWithProviders(
      <ToastProvider>
        <Two />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent('First');
    advance(1000); // the newer toast closes the first one
    advance(1000);
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
  });
});
