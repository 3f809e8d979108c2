import { Suspense, useState } from 'react';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazyComponent } from '../lib/lazyComponent';

/** Spec 2.2 and 9: a button that appears after 300 px of scroll and brings the page back to the top. */
export const SCROLL_TOP_THRESHOLD = 300;

// MUI's Fab and Zoom load the first time the button is to show, not with the page.
const ScrollToTopFab = lazyComponent(() =>
  import('./ScrollToTopFab').then((module) => module.ScrollToTopFab),
);

export function ScrollToTopButton() {
  const visible = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TOP_THRESHOLD });
  const [shown, setShown] = useState(false);
  if (visible && !shown) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToTopFab visible={visible} />
    </Suspense>
  );
}
