/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
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
): { title: string; text: string } {
  if (complete)
    return {
      title: 'Payment Successful',
      text: 'Thank you for subscribing to Fajr. May it help you wake for every Fajr.',
    };
  if (loading) return { title: 'Checking your payment', text: 'One moment while we confirm your payment.' };
  if (complete === false)
    return {
      title: 'Payment not completed',
      text: 'This checkout was not completed, so nothing was charged. You can choose a plan again from your account.',
    };
  if (!sessionId || failed)
    return {
      title: 'Payment not found',
      text: 'We could not find this payment. If you have just paid, your plan shows on your account page within a few minutes.',
    };
  return { title: 'Checking your payment', text: 'One moment while we confirm your payment.' };
}

/**
 * /app/subscriptions/success: 'Payment Successful' with the Payment Details, only for a checkout of
 * the user's that completed; a session that is unknown or unfinished says so instead.
 */
export function SubscriptionSuccessPage() {
  const toast = useToast();
  const { reloadUser } = useSession();
  const { sessionId, result, loading, failed } = usePaymentSession((e) => toast.error(errorMessage(e)));
  const complete = result?.complete;
  const { title, text } = headline(sessionId, loading, failed, complete);
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
      {loading && <PageLoader label="Loading your payment" />}
      {result && complete && (
        <Stack spacing={1} sx={{ width: '100%', textAlign: 'left' }}>
          <Typography variant="h6" component="h2">
            Payment Details
          </Typography>
          <PaymentDetails session={result} />
        </Stack>
      )}
    </SubscriptionOutcome>
  );
}
