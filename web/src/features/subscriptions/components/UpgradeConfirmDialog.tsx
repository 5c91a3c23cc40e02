/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
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
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { errorMessage } from '../../../lib/http';
import { redirectTo } from '../../../lib/redirect';
import { fetchPlanChangeQuote, startCheckout } from '../api/subscriptions.api';
import { formatMoney } from '../prices';

interface Props {
  userId: string;
  plan: Plan;
  name: string;
  /** The user's zone, for the renewal date. */
  timeZone: string | null | undefined;
  open: boolean;
  onClose(): void;
}

function renewal(iso: string, timeZone: string | null | undefined): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timeZone ?? undefined }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).format(new Date(iso));
  }
}

/**
 * A plan holder's move up: says what the change charges today (the provider's prorated amount) and
 * monthly from the renewal, then sends the browser to the provider's page that confirms and charges it.
 */
export function UpgradeConfirmDialog({ userId, plan, name, timeZone, open, onClose }: Props) {
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
      if (!url) throw new Error('Failed to subscribe');
      return url;
    },
    onSuccess: redirectTo,
  });
  const q = quote.data;
  const due = q ? formatMoney(Math.max(q.amountDue, 0), q.currency) : '';
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
      <DialogTitle id="upgrade-confirm-title">Upgrade to {name}?</DialogTitle>
      <DialogContent>
        {quote.isError ? (
          <Alert severity="error">{errorMessage(quote.error)}</Alert>
        ) : q ? (
          <DialogContentText id="upgrade-confirm-text" color="text.primary">
            {q.amountDue > 0 ? (
              <>
                You'll be charged <strong>{due}</strong> today for the rest of this month's plan (until{' '}
                {renewal(q.periodEnd, timeZone)}), then <strong>{formatMoney(q.monthlyAmount, q.currency)}</strong> a
                month.
              </>
            ) : (
              <>
                Nothing is charged today; from {renewal(q.periodEnd, timeZone)} you'll pay{' '}
                <strong>{formatMoney(q.monthlyAmount, q.currency)}</strong> a month.
              </>
            )}{' '}
            You'll confirm it on the payment page next.
          </DialogContentText>
        ) : (
          <Skeleton aria-label="Working out the price" height={64} />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={leaving}>
          Cancel
        </Button>
        <Button
          variant="contained"
          sx={{ whiteSpace: 'nowrap' }}
          disabled={!q || leaving}
          onClick={() => void change.run()}
          startIcon={
            leaving ? <CircularProgress size={18} color="inherit" aria-label="Opening the payment page" /> : undefined
          }
        >
          {q && q.amountDue > 0 ? `Continue to pay ${due}` : 'Continue'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
