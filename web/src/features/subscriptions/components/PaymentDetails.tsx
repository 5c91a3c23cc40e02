import { Table, TableBody, TableCell, TableContainer, TableRow, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PaymentSession } from '../api/subscriptions.api';
import { moneyLocale } from '../prices';

/**
 * SPEC section 9: the total is amount_total / 100 followed by the upper-case currency; the number is written
 * in `locale` (the language shown), the currency code stays as it is.
 */
export function formatTotal(session: PaymentSession, locale = 'en'): string {
  const amount =
    session.amount_total === null
      ? ''
      : new Intl.NumberFormat(locale, {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
          useGrouping: false,
        }).format(session.amount_total / 100);
  return `${amount} ${(session.currency ?? '').toUpperCase()}`.trim();
}

/** The 'Payment Details' table: Name, Email, Postcode, Total. */
export function PaymentDetails({ session }: { session: PaymentSession }) {
  const { t, i18n } = useTranslation('subscriptions');
  const rows: Array<[string, string]> = [
    [t('paymentDetails.name'), session.customer_details.name ?? ''],
    [t('paymentDetails.email'), session.customer_details.email ?? ''],
    [t('paymentDetails.postcode'), session.customer_details.address?.postal_code ?? ''],
    [t('paymentDetails.total'), formatTotal(session, moneyLocale(i18n.language))],
  ];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('paymentDetails.label')} size="small">
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
