import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { AlertColor } from '@mui/material/Alert';
import { lazyComponent } from '../lib/lazyComponent';

// MUI's Snackbar and Alert load with the first toast, not with the page.
const ToastSnackbar = lazyComponent(() => import('./ToastSnackbar').then((module) => module.ToastSnackbar));

/** Downloads the toast's chunk ahead of the first toast (the jsdom tests, which use fake timers). */
export const preloadToasts = () => ToastSnackbar.preload();

/** Spec section 4 and 9: toasts close after 5 s in the authentication flows, 3 s in the app. */
export const AUTH_TOAST_MS = 5000;
export const APP_TOAST_MS = 3000;

export interface ToastOptions {
  severity?: AlertColor;
  /** Milliseconds before the toast closes; defaults to the provider's duration. */
  duration?: number;
}

interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
  duration: number;
}

export interface ToastApi {
  show: (message: string, options?: ToastOptions) => void;
  success: (message: string, duration?: number) => void;
  error: (message: string, duration?: number) => void;
  info: (message: string, duration?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts in the top-right corner, one at a time (a newer toast closes the current one). MUI's
 * Snackbar pauses its timer while the pointer is over it and resumes when it leaves.
 */
export function ToastProvider({
  children,
  defaultDuration = AUTH_TOAST_MS,
}: {
  children: ReactNode;
  defaultDuration?: number;
}) {
  const [pending, setPending] = useState<Toast[]>([]);
  const [current, setCurrent] = useState<Toast | undefined>();
  const [open, setOpen] = useState(false);
  const nextId = useRef(1);

  useEffect(() => {
    const [next] = pending;
    if (next && !current) {
      setCurrent(next);
      setPending((queue) => queue.slice(1));
      setOpen(true);
    } else if (next && current && open) {
      setOpen(false);
    }
  }, [pending, current, open]);

  const show = useCallback(
    (message: string, options: ToastOptions = {}) => {
      const toast: Toast = {
        id: nextId.current++,
        message,
        severity: options.severity ?? 'info',
        duration: options.duration ?? defaultDuration,
      };
      setPending((queue) => [...queue, toast]);
    },
    [defaultDuration],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, duration) => show(message, { severity: 'success', duration }),
      error: (message, duration) => show(message, { severity: 'error', duration }),
      info: (message, duration) => show(message, { severity: 'info', duration }),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastSnackbar
            toastKey={current.id}
            open={open}
            duration={current.duration}
            severity={current.severity}
            message={current.message}
            onClose={() => setOpen(false)}
            onExited={() => setCurrent(undefined)}
          />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside ToastProvider');
  return context;
}
