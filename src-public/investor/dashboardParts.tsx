/**
 * Pieces shared by the investor's overview and funding pages: the money, count and percent formats
 * of spec 9 (two decimals, a dash for anything that is not a number), signed amounts in red or
 * green, the summary card and the titled table with its empty text.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import { euros } from '../lib/format';
import { PhoneList, usePhone, type PhoneListItem } from '../components/PhoneList';
import type { InvestorDashboard } from './api';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Euros with two decimals and an explicit sign ('+€1,100.00', '-€200.00', '€0.00'); '-' for a non-number. */
export function signedEuros(value: unknown, language: string): string {
  if (!isNumber(value)) return '-';
  return value > 0 ? `+${euros(value, language)}` : euros(value, language);
}

/** The colour of a signed amount: red below zero, green above, the text colour at zero or for a non-number. */
export function amountTone(value: unknown): 'error.dark' | 'success.dark' | undefined {
  if (!isNumber(value) || value === 0) return undefined;
  return value < 0 ? 'error.dark' : 'success.dark';
}

/** A count in the reader's language, '-' for a non-number. */
export function countText(value: unknown, language: string): string {
  return isNumber(value) ? new Intl.NumberFormat(language).format(value) : '-';
}

/** A fraction (0.0817) as a percentage with at most two decimals ('8.17%'), '-' for a non-number (null). */
export function percentText(fraction: unknown, language: string): string {
  if (!isNumber(fraction)) return '-';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(fraction);
}

/** A signed amount: its sign in the text, its colour red or green. */
export function SignedAmount({ value, language }: { value: unknown; language: string }) {
  return (
    <Box component="span" sx={{ fontWeight: 700, color: amountTone(value), whiteSpace: 'nowrap' }}>
      {signedEuros(value, language)}
    </Box>
  );
}

type Transaction = InvestorDashboard['transactions'][number];

/** What a ledger row was, in the reader's language ('Investment in Solar kiosks'). */
export function transactionLabel(t: TFunction, row: Transaction): string {
  const venture = row.venture?.title ?? t('investor.investments.untitled');
  return t(`investor.transactions.kinds.${row.kind}`, { venture, defaultValue: row.kind });
}

/** An admin's own note is shown under a deposit, withdrawal or adjustment (other notes are the system's). */
export function transactionNote(row: Transaction): string | null {
  return row.note && ['deposit', 'withdrawal', 'adjustment'].includes(row.kind) ? row.note : null;
}

/** The i18n key of a ticket status or category (`in_progress` -> `inProgress`). */
export const ticketKey = (group: 'status' | 'category', value: string) =>
  `investor.tickets.${group}.${value.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`;

export function SummaryCard({
  label,
  value,
  to,
  linkLabel,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  linkLabel?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h2" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, mt: 0.5, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
        {to && linkLabel ? (
          <Link component={RouterLink} to={to} variant="body2">
            {linkLabel}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

export interface Column {
  label: string;
  align?: 'right';
}

/**
 * A titled list: a small outlined table with the given column headings and rows, or the `empty`
 * line when there are no rows (nothing while `rows` is undefined, i.e. loading). On a phone, when
 * `items` are given, the same rows as a one-line-per-row list (issue 30, decision 0182).
 */
export function TableSection({
  id,
  title,
  empty,
  columns,
  rows,
  items,
  footer,
}: {
  id: string;
  title: string;
  empty: string;
  columns: readonly Column[];
  rows: ReactNode[] | undefined;
  items?: PhoneListItem[] | undefined;
  footer?: ReactNode;
}) {
  const phone = usePhone();
  if (phone && items && items.length > 0) {
    return (
      <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
        <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <PhoneList aria-labelledby={id} items={items} />
        {footer}
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 5 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {rows === undefined ? null : rows.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="group" aria-labelledby={id}>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.label} align={column.align}>
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{rows}</TableBody>
          </Table>
        </TableContainer>
      )}
      {footer}
    </Box>
  );
}
