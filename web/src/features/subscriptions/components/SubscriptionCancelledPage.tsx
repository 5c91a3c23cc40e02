/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
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
