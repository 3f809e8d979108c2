import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

/** A dialog's summary or receipt: label and value rows (values right-aligned). */
export const Figures = ({ label, rows }: { label: string; rows: [string, ReactNode][] }) => (
  <Table size="small" aria-label={label} sx={{ my: 1 }}>
    <TableBody>
      {rows.map(([name, value]) => (
        <TableRow key={name}>
          <TableCell component="th" scope="row">
            {name}
          </TableCell>
          <TableCell align="right">{value}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);
