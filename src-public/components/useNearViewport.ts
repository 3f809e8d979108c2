import { useEffect, useState } from 'react';

/**
 * True once `ref`'s element comes within `margin` of the viewport (at once where
 * IntersectionObserver is missing), and from then on: for content below the fold that is costly to
 * load or draw (a clip, charts), so it never competes with the first paint.
 */
export function useNearViewport(
  ref: React.RefObject<Element | null>,
  enabled = true,
  margin = '200px',
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || near || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled, near, margin]);
  return near;
}
