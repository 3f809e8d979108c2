/** The id of the mobile menu's drawer (the header's menu button controls it). */
export const MOBILE_MENU_ID = 'mobile-menu';

/** The header and mobile menu links of spec 2.2 (labels are i18n keys). */
export interface NavLinkItem {
  to: string;
  labelKey: string;
}

export const MAIN_LINKS: readonly NavLinkItem[] = [
  { to: '/', labelKey: 'nav.home' },
  { to: '/ventures', labelKey: 'nav.invest' },
  { to: '/about-us', labelKey: 'nav.about' },
];

export const HELP_LINKS: readonly NavLinkItem[] = [
  { to: '/help', labelKey: 'nav.support' },
  { to: '/contact-us', labelKey: 'nav.contact' },
];

export const FOOTER_LINKS: readonly NavLinkItem[] = [
  { to: '/ventures', labelKey: 'footer.links.invest' },
  { to: '/how-to-invest', labelKey: 'footer.links.howToInvest' },
  { to: '/about-us', labelKey: 'footer.links.aboutUs' },
  { to: '/contact-us', labelKey: 'footer.links.contactUs' },
  { to: '/privacy-policy', labelKey: 'footer.links.privacy' },
  { to: '/terms-and-conditions', labelKey: 'footer.links.terms' },
];
