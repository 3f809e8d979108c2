import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';

export const PLACEHOLDER_PAGES = [
  'affiliate-program',
  'careers',
  'get-funding',
  'news',
  'reports',
  'style-guide',
] as const;
export type PlaceholderKey = (typeof PLACEHOLDER_PAGES)[number];

/** The empty pages of spec 2.1: a title and one line. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { t } = useTranslation();
  return <Page title={t(`placeholder.${page}.title`)} intro={t(`placeholder.${page}.text`)} />;
}
