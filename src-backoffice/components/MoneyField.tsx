import { Typography, type TypographyProps } from '@mui/material';
import { useLocaleState, useRecordContext } from 'react-admin';
import { formatEuros } from '../../src-shared/money';
import { getIn } from './getIn';

export interface MoneyFieldProps extends Omit<TypographyProps, 'children'> {
  source: string;
  /** Colours a negative amount red and a positive one green (ledger amounts). */
  signed?: boolean;
  label?: string;
}

/** An amount of euros from the API, shown with two decimals in EUR ('-' for a non-number). */
export const MoneyField = ({ source, signed = false, label: _label, ...rest }: MoneyFieldProps) => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const value = getIn(record, source);
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  const color =
    signed && typeof amount === 'number'
      ? amount < 0
        ? 'error.main'
        : amount > 0
          ? 'success.main'
          : undefined
      : undefined;
  const text =
    signed && typeof amount === 'number' && amount > 0
      ? `+${formatEuros(amount, locale)}`
      : formatEuros(amount, locale);
  return (
    <Typography component="span" variant="body2" color={color} sx={{ whiteSpace: 'nowrap' }} {...rest}>
      {text}
    </Typography>
  );
};
