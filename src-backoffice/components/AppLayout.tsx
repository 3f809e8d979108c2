import type { ReactNode } from 'react';
import { AppBar, AppBarClasses, Layout, Notification, TitlePortal, type LayoutProps } from 'react-admin';
import { AppBarToolbar } from './LanguageMenu';
import { useIsPhone } from './ListActions';

/** The app bar in the brand colour (react-admin's default is the secondary colour). The page's
 * title (react-admin's <Title>) is the page's level-one heading, as screen readers expect; the
 * toolbar's language menu is an icon on phones, so that the title has room. */
const BrandAppBar = () => (
  <AppBar color="primary" toolbar={<AppBarToolbar />}>
    <TitlePortal
      component="h1"
      className={AppBarClasses.title}
      // A record's title longer than the bar ends in an ellipsis: react-admin wraps it in an
      // inline-block (Configurable), which is clipped without one.
      sx={{ '& .RaConfigurable-root': { display: 'inline' } }}
    />
  </AppBar>
);

/** react-admin's Layout with the app's own menu (spec 2.2 tabs). */
export function withMenu(menu: () => ReactNode) {
  const AppLayout = ({ children, ...props }: LayoutProps) => (
    <Layout
      {...props}
      menu={menu}
      appBar={BrandAppBar}
      // A flex child grows to its widest table unless allowed to shrink: without this a phone
      // screen scrolls sideways instead of the table scrolling inside its card (a list's main column
      // too: a wide table scrolls inside its card, not the whole page).
      sx={{
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': {
          minWidth: 0,
        },
        '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
      }}
    >
      {children}
    </Layout>
  );
  return AppLayout;
}

/** The app bar's height per breakpoint (MUI's toolbar: 56 px on phones, 64 px from `sm`) plus a gap. */
export const BELOW_APP_BAR = { xs: 56 + 8, sm: 64 + 8 } as const;

/**
 * Spec 2.2 and 9: toasts pause on hover and close after 3 seconds in the in-app screens. Issue 30:
 * they cover nothing that matters: on a desktop centred just below the app bar (the page's toolbar
 * keeps its buttons, List among them, at the right; the app bar its menu, title, language and user
 * menus), on a phone at the bottom, away from the app bar and the toolbar.
 */
export const AppNotification = () => {
  const phone = useIsPhone();
  return phone ? (
    <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={3000} />
  ) : (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={3000}
      sx={{ top: { xs: `${BELOW_APP_BAR.xs}px`, sm: `${BELOW_APP_BAR.sm}px` } }}
    />
  );
};
