import type { Plan } from '@fajr/api/contracts/common';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { errorMessage } from '../../../lib/http';
import { redirectTo } from '../../../lib/redirect';
import { fetchPlanChangeQuote, startCheckout } from '../api/subscriptions.api';
import { formatMoney, moneyLocale } from '../prices';

interface Props {
  userId: string;
  plan: Plan;
  name: string;
  /** The user's zone, for the renewal date. */
  timeZone: string | null | undefined;
  open: boolean;
  onClose(): void;
}

/** The renewal day ('8 December') in the language shown; English as in Britain, where the product began. */
function renewal(iso: string, timeZone: string | null | undefined, language: string): string {
  const locale = language.startsWith('en') ? 'en-GB' : language;
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? undefined }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  }
}

/**
 * A plan holder's move up: says what the change charges today (the provider's prorated amount) and
 * monthly from the renewal, then sends the browser to the provider's page that confirms and charges it.
 */
export function UpgradeConfirmDialog({ userId, plan, name, timeZone, open, onClose }: Props) {
  const { t, i18n } = useTranslation('subscriptions');
  const money = moneyLocale(i18n.language);
  const quote = useQuery({
    queryKey: queryKeys.planChangeQuote(userId, plan),
    queryFn: () => fetchPlanChangeQuote(plan),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const change = useAppMutation({
    mutationFn: async () => {
      const { url } = await startCheckout(plan);
      if (!url) throw new Error(t('planButtons.failed'));
      return url;
    },
    onSuccess: redirectTo,
  });
  const q = quote.data;
  const due = q ? formatMoney(Math.max(q.amountDue, 0), q.currency, money) : '';
  const monthly = q ? formatMoney(q.monthlyAmount, q.currency, money) : '';
  const renews = q ? renewal(q.periodEnd, timeZone, i18n.language) : '';
  const leaving = change.busy || change.done;

  return (
    <Dialog
      open={open}
      onClose={leaving ? undefined : onClose}
      aria-labelledby="upgrade-confirm-title"
      aria-describedby="upgrade-confirm-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="upgrade-confirm-title">{t('upgradeConfirm.title', { plan: name })}</DialogTitle>
      <DialogContent>
        {quote.isError ? (
          <Alert severity="error">{errorMessage(quote.error)}</Alert>
        ) : q ? (
          <DialogContentText id="upgrade-confirm-text" color="text.primary">
            <Trans
              t={t}
              i18nKey={q.amountDue > 0 ? 'upgradeConfirm.charged' : 'upgradeConfirm.nothingToday'}
              values={{ due, monthly, renewal: renews }}
              components={{ b: <strong /> }}
            />{' '}
            {t('upgradeConfirm.confirmNext')}
          </DialogContentText>
        ) : (
          <Skeleton aria-label={t('upgradeConfirm.workingOut')} height={64} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={leaving}>
          {t('upgradeConfirm.cancel')}
        </Button>
        <Button
          variant="contained"
          sx={{ whiteSpace: 'nowrap' }}
          disabled={!q || leaving}
          onClick={() => void change.run()}
          startIcon={
            leaving ? (
              <CircularProgress size={18} color="inherit" aria-label={t('upgradeConfirm.opening')} />
            ) : undefined
          }
        >
          {q && q.amountDue > 0 ? t('upgradeConfirm.continueToPay', { due }) : t('upgradeConfirm.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
