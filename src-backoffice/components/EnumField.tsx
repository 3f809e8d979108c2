import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { getIn } from './getIn';
import type { EnumName } from './choices';

export interface EnumFieldProps extends Omit<ChipProps, 'label' | 'color'> {
  source: string;
  /** Which enumeration of `app.enums.*` translates the value. */
  enumName: EnumName;
  /** Shown (translated) when the record has no value. */
  emptyValue?: string;
  label?: string;
}

const COLORS: Record<string, ChipProps['color']> = {
  approved: 'success',
  complete: 'success',
  funded: 'success',
  repaid: 'success',
  public: 'success',
  rejected: 'error',
  refunded: 'warning',
  'under-review': 'info',
  pending: 'warning',
  unread: 'info',
  superadmin: 'secondary',
  admin: 'primary',
};

/** An enumeration value shown as a translated chip (`app.enums.{enumName}.{value}`). */
export const EnumField = ({ source, enumName, emptyValue, label: _label, ...rest }: EnumFieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const raw = getIn(record, source);
  const value = raw == null || raw === '' ? emptyValue : String(raw);
  if (value === undefined) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[value] ?? 'default'}
      label={translate(`app.enums.${enumName}.${value}`, { _: value })}
      {...rest}
    />
  );
};
