import { lazy, type ComponentType } from 'react';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts downloading the component's chunk (on hover or focus, say); later calls reuse it. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export, with a `preload` to start the download before the first render:
 * the shell's menus, drawer, toasts and overlays are not part of the first paint, so their MUI
 * parts (Menu, Popover, Modal, Drawer, Snackbar...) load when they are about to be used. Once the
 * chunk is there the component renders at once, without suspending (a menu preloaded on hover
 * opens on the click itself).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= load()
      .then((component) => {
        loaded = component;
        return { default: component };
      })
      .catch((error: unknown) => {
        // A failed download (a new deployment, the network) may be retried by the next use.
        pending = undefined;
        throw error;
      });
    return pending;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
