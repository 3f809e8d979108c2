import { Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { getIn } from './getIn';

export function formatDate(value: unknown, locale: string, withTime = false): string | null {
  if (value == null || value === '') return null;
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

/** A date of the record in the current language; `emptyText` (a translation key) when absent. */
export const DateText = ({
  source,
  showTime = false,
  emptyText = '-',
}: {
  source: string;
  showTime?: boolean;
  emptyText?: string;
  label?: string;
}) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const text = formatDate(getIn(record, source), locale, showTime);
  // body2, as react-admin's own fields: the same size as the other values of a show view.
  return (
    <Typography component="span" variant="body2">
      {text ?? translate(emptyText, { _: emptyText })}
    </Typography>
  );
};
