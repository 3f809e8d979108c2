import { useEffect } from 'react';

export const PRODUCT_NAME = 'AfriVest';

/** Sets the document title to "{title} | AfriVest" while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
