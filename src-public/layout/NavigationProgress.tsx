import { Suspense, useEffect } from 'react';
import { useNavigation } from 'react-router-dom';
import { lazyComponent } from '../lib/lazyComponent';

// MUI's LinearProgress is not part of the first paint: it downloads once the page is idle.
const NavigationProgressBar = lazyComponent(() =>
  import('./NavigationProgressBar').then((module) => module.NavigationProgressBar),
);

/** A thin bar at the top while a lazy page module loads during navigation. */
export function NavigationProgress() {
  const navigation = useNavigation();
  useEffect(() => {
    const preload = () => void NavigationProgressBar.preload().catch(() => undefined);
    const timer = window.setTimeout(preload, 2000);
    return () => window.clearTimeout(timer);
  }, []);
  if (navigation.state === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <NavigationProgressBar />
    </Suspense>
  );
}
