import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';
import { SubscriptionOutcome } from './SubscriptionOutcome';

/** /app/subscriptions/cancelled. */
export function SubscriptionCancelledPage() {
  const { t } = useTranslation('subscriptions');
  usePageTitle(t('cancelledPage.title'));
  return (
    <SubscriptionOutcome title={t('cancelledPage.title')}>
      <Typography>{t('cancelledPage.text')}</Typography>
    </SubscriptionOutcome>
  );
}
