import { useId, useState, type MouseEvent } from 'react';

/**
 * A button that opens a dropdown from its own chunk: pointer over or focus on the button starts the
 * download (`preload`), a click opens the menu at the button. `used` stays true from the first
 * click on, so the menu stays mounted and its closing transition plays. `buttonProps` go on the
 * button (its id and the ARIA that ties it to the open menu).
 */
export function useMenuButton(preload: () => Promise<unknown>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const warm = () => void preload().catch(() => undefined);
  return {
    anchor,
    used,
    menuId,
    buttonId,
    close: () => setAnchor(null),
    buttonProps: {
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': anchor ? ('true' as const) : undefined,
      'aria-controls': anchor ? menuId : undefined,
      onPointerEnter: warm,
      onFocus: warm,
      onClick: (event: MouseEvent<HTMLElement>) => {
        setUsed(true);
        setAnchor(event.currentTarget);
      },
    },
  };
}
