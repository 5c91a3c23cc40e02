/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Alert, AlertTitle, Container, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { useSession } from '../../../lib/session';
import { usePaymentSession } from '../hooks/usePaymentSession';
import { InAppPurchaseNotice } from './InAppPurchaseNotice';
import { PaymentDetails } from './PaymentDetails';
import { PlanButtons } from './PlanButtons';

/** /app/subscriptions: the confirmed or cancelled checkout (from the query) and the plans. */
export function SubscriptionsPage() {
  usePageTitle('Subscriptions');
  const { user } = useSession();
  const [params] = useSearchParams();
  // SPEC section 8: a payment session error here is swallowed.
  const { result, loading } = usePaymentSession();
  const canceled = params.has('canceled');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Subscriptions
      </Typography>
      {loading ? (
        <PageLoader label="Loading your payment" />
      ) : (
        <Stack spacing={3}>
          {/* Confirmed only for a checkout that completed. */}
          {result?.complete && (
            <Alert severity="success" variant="outlined">
              <AlertTitle>Subscription confirmed</AlertTitle>
              <Typography sx={{ mb: 2 }}>Thank you! Your plan is active.</Typography>
              <PaymentDetails session={result} />
            </Alert>
          )}
          {canceled && (
            <Alert severity="info">Order canceled -- continue to shop around and checkout when you're ready.</Alert>
          )}
          <div>
            <InAppPurchaseNotice user={user} />
            <PlanButtons />
          </div>
        </Stack>
      )}
    </Container>
  );
}
