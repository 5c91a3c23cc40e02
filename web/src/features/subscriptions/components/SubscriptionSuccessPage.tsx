import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/ToastProvider';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { usePaymentSession } from '../hooks/usePaymentSession';
import { PaymentDetails } from './PaymentDetails';

/** /app/subscriptions/success: 'Payment Successful' with the Payment Details once they arrive. */
export function SubscriptionSuccessPage() {
  usePageTitle('Payment Successful');
  const toast = useToast();
  const { reloadUser } = useSession();
  const { result, loading } = usePaymentSession((e) => toast.error(errorMessage(e)));
  // The plan changes with the payment: show it everywhere.
  useEffect(() => {
    if (result) void reloadUser();
  }, [result, reloadUser]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
          <Typography variant="h4" component="h1">
            Payment Successful
          </Typography>
          <Typography>Thank you for subscribing to Fajr. May it help you wake for every Fajr.</Typography>
          {loading && <PageLoader label="Loading your payment" />}
          {result && (
            <Stack spacing={1} sx={{ width: '100%', textAlign: 'left' }}>
              <Typography variant="h6" component="h2">
                Payment Details
              </Typography>
              <PaymentDetails session={result} />
            </Stack>
          )}
          <Button component={RouterLink} to={paths.app} variant="contained">
            Back to my account
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
