import { Chip, type ChipProps } from '@mui/material';
import { darken, getContrastRatio, lighten, type Theme } from '@mui/material/styles';
import { useRecordContext, useTranslate } from 'react-admin';
import { getIn } from './getIn';
import type { EnumName } from './choices';

/** Which enumeration of `app.enums.*` translates the value, or where else its labels live (a
 * feature's own section, e.g. `app.protection.status`). */
type EnumLabels = { enumName: EnumName; labels?: never } | { enumName?: never; labels: string };

export type EnumFieldProps = Omit<ChipProps, 'label' | 'color'> &
  EnumLabels & {
    source: string;
    /** Shown (translated) when the record has no value. */
    emptyValue?: string;
    label?: string;
  };

const COLORS: Record<string, ChipProps['color']> = {
  approved: 'success',
  complete: 'success',
  funded: 'success',
  repaid: 'success',
  public: 'success',
  rejected: 'error',
  // Investor protection: an accepted request makes a sophisticated investor.
  accepted: 'success',
  sophisticated: 'info',
  refunded: 'warning',
  'under-review': 'info',
  pending: 'warning',
  unread: 'info',
  // Support tickets: waiting ones stand out; a complaint is flagged.
  open: 'info',
  in_progress: 'warning',
  resolved: 'success',
  complaint: 'error',
  superadmin: 'secondary',
  admin: 'primary',
  // Loans and their instalments: late ones stand out, default and write-off in red.
  current: 'success',
  paid: 'success',
  late: 'warning',
  late_1_15: 'warning',
  late_16_30: 'warning',
  late_31_60: 'error',
  late_61_90: 'error',
  default: 'error',
  recovery: 'warning',
  written_off: 'error',
};

type PaletteColor = 'primary' | 'secondary' | 'success' | 'error' | 'warning' | 'info';

/**
 * The chip's colour made readable as small text on the page (WCAG AA, 4.5:1): MUI's warning and info
 * colours (#ed6c02, #0288d1) are meant for fills, not for 13 px text on white. Darkened (light mode)
 * or lightened (dark mode) in steps until the contrast holds.
 */
export function readableOn(color: string, background: string, mode: 'light' | 'dark'): string {
  let text = color;
  for (let step = 1; step <= 10 && getContrastRatio(text, background) < 4.5; step++) {
    text = mode === 'light' ? darken(color, step * 0.08) : lighten(color, step * 0.08);
  }
  return text;
}

const readableSx = (color: PaletteColor) => (theme: Theme) => {
  const text = readableOn(theme.palette[color].main, theme.palette.background.paper, theme.palette.mode);
  return { color: text, borderColor: text };
};

/** An enumeration value shown as a translated chip (`app.enums.{enumName}.{value}`, or `{labels}.{value}`). */
export const EnumField = ({
  source,
  enumName,
  emptyValue,
  labels,
  label: _label,
  ...rest
}: EnumFieldProps) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const raw = getIn(record, source);
  const value = raw == null || raw === '' ? emptyValue : String(raw);
  if (value === undefined) return null;
  const color = COLORS[value] ?? 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={translate(`${labels ?? `app.enums.${String(enumName)}`}.${value}`, { _: value })}
      {...rest}
      sx={[
        color === 'default' ? {} : readableSx(color as PaletteColor),
        ...(Array.isArray(rest.sx) ? rest.sx : [rest.sx]),
      ]}
    />
  );
};
