import { Typography } from '@mui/material';
import { usePageTitle } from '../../../components/usePageTitle';
import { SubscriptionOutcome } from './SubscriptionOutcome';

/** /app/subscriptions/cancelled. */
export function SubscriptionCancelledPage() {
  usePageTitle('Subscription Cancelled');
  return (
    <SubscriptionOutcome title="Subscription Cancelled">
      <Typography>Your subscription was cancelled.</Typography>
    </SubscriptionOutcome>
  );
}
