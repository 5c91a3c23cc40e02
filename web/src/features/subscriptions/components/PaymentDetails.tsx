/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Table, TableBody, TableCell, TableContainer, TableRow, Paper } from '@mui/material';
import type { PaymentSession } from '../api/subscriptions.api';

/** SPEC section 9: the total is amount_total / 100 followed by the upper-case currency. */
export function formatTotal(session: PaymentSession): string {
  const amount = session.amount_total === null ? '' : (session.amount_total / 100).toFixed(2);
  return `${amount} ${(session.currency ?? '').toUpperCase()}`.trim();
}

/** The 'Payment Details' table: Name, Email, Postcode, Total. */
export function PaymentDetails({ session }: { session: PaymentSession }) {
  const rows: Array<[string, string]> = [
    ['Name', session.customer_details.name ?? ''],
    ['Email', session.customer_details.email ?? ''],
    ['Postcode', session.customer_details.address?.postal_code ?? ''],
    ['Total', formatTotal(session)],
  ];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Payment Details" size="small">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
