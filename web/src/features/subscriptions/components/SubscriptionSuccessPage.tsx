import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast/ToastProvider';
import { usePageTitle } from '../../../components/usePageTitle';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { usePaymentSession } from '../hooks/usePaymentSession';
import { PaymentDetails } from './PaymentDetails';
import { SubscriptionOutcome } from './SubscriptionOutcome';

/** What the page says for a checkout that did not (or not yet) succeed. */
function headline(
  sessionId: string | null,
  loading: boolean,
  failed: boolean,
  complete: boolean | undefined,
  t: TFunction<'subscriptions'>,
): { title: string; text: string } {
  const page = (state: 'success' | 'checking' | 'notCompleted' | 'notFound') => ({
    title: t(`successPage.${state}Title`),
    text: t(`successPage.${state}Text`),
  });
  if (complete) return page('success');
  if (loading) return page('checking');
  if (complete === false) return page('notCompleted');
  if (!sessionId || failed) return page('notFound');
  return page('checking');
}

/**
 * /app/subscriptions/success: 'Payment Successful' with the Payment Details, only for a checkout of
 * the user's that completed; a session that is unknown or unfinished says so instead.
 */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation('subscriptions');
  const toast = useToast();
  const { reloadUser } = useSession();
  const { sessionId, result, loading, failed } = usePaymentSession((e) => toast.error(errorMessage(e)));
  const complete = result?.complete;
  const { title, text } = headline(sessionId, loading, failed, complete, t);
  usePageTitle(title);
  // The plan changes with the payment: show it everywhere.
  useEffect(() => {
    if (complete) void reloadUser();
  }, [complete, reloadUser]);

  return (
    <SubscriptionOutcome
      title={title}
      icon={complete && <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden="true" />}
    >
      <Typography>{text}</Typography>
      {loading && <PageLoader label={t('successPage.loading')} />}
      {result && complete && (
        <Stack spacing={1} sx={{ width: '100%', textAlign: 'left' }}>
          <Typography variant="h6" component="h2">
            {t('successPage.details')}
          </Typography>
          <PaymentDetails session={result} />
        </Stack>
      )}
    </SubscriptionOutcome>
  );
}
