import type { ReactNode } from 'react';
import Menu from '@mui/material/Menu';

/** A header dropdown at its button, labelled by it (the Help and language menus). */
export function ButtonMenu({
  buttonId,
  children,
  ...menu
}: {
  id: string;
  buttonId: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Menu {...menu} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
      {children}
    </Menu>
  );
}
