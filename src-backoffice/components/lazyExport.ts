import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: a resource's list, show, edit or create screen, a dashboard or a
 * custom page loads when it is first shown, not with the back office. react-admin's Layout renders
 * its content inside a Suspense boundary (its Loading screen), so nothing else is needed.
 */
export function lazyExport<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<object> })));
}
