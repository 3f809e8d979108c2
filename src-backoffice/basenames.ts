/** Where each back-office app is mounted (src-backoffice/main.tsx picks one by the page's path). */
export const ADMIN_BASENAME = '/admin';
export const CORPORATE_BASENAME = '/corporate';
