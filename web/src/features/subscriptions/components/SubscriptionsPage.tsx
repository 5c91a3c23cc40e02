import { Alert, AlertTitle, Container, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('subscriptions');
  usePageTitle(t('subscriptionsPage.title'));
  const { user } = useSession();
  const [params] = useSearchParams();
  // SPEC section 8: a payment session error here is swallowed.
  const { result, loading } = usePaymentSession();
  const canceled = params.has('canceled');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('subscriptionsPage.title')}
      </Typography>
      {loading ? (
        <PageLoader label={t('subscriptionsPage.loading')} />
      ) : (
        <Stack spacing={3}>
          {/* Confirmed only for a checkout that completed. */}
          {result?.complete && (
            <Alert severity="success" variant="outlined">
              <AlertTitle>{t('subscriptionsPage.confirmed')}</AlertTitle>
              <Typography sx={{ mb: 2 }}>{t('subscriptionsPage.thanks')}</Typography>
              <PaymentDetails session={result} />
            </Alert>
          )}
          {canceled && <Alert severity="info">{t('subscriptionsPage.canceled')}</Alert>}
          <div>
            <InAppPurchaseNotice user={user} />
            <PlanButtons />
          </div>
        </Stack>
      )}
    </Container>
  );
}
