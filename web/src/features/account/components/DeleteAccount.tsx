import {
  Alert,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchBillingOverview } from '../../../api/billing.api';
import { queryKeys } from '../../../api/query-keys';
import { STORE_PAGES } from '../../../components/PlanManagement';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { deleteAccount } from '../api/account.api';

/**
 * A plan bought in the App Store or Google Play is billed by the store, which deleting the account
 * cannot stop: the dialog says so first, with the store's own page to cancel it.
 */
function StoreSubscriptionWarning({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const { data } = useQuery({ queryKey: queryKeys.billing(userId), queryFn: fetchBillingOverview });
  const stores = [
    ...new Set((data?.subscriptions ?? []).map((s) => s.source).filter((s) => s === 'apple' || s === 'google')),
  ];
  if (!stores.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="store-subscription-warning">
      <AlertTitle>{t('deleteAccount.storeTitle')}</AlertTitle>
      {stores.map((s) => (
        <Typography key={s} variant="body2" sx={{ mb: 0.5 }}>
          {t(`deleteAccount.billedBy.${s}`)}{' '}
          <Link href={STORE_PAGES[s].href} target="_blank" rel="noopener noreferrer">
            {t(`deleteAccount.manageIn.${s}`)}
          </Link>
        </Typography>
      ))}
    </Alert>
  );
}

/** Delete account: a dialog warns about a store subscription, asks for the password, then shows the server's message and reloads the user. */
export function DeleteAccount() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { user, reloadUser } = useSession();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setPassword('');
  };
  const { run, busy } = useAppMutation({
    mutationFn: deleteAccount,
    success: (message) => message,
    onSuccess: async () => {
      close();
      await reloadUser(); // the account is gone: this clears the session
      navigate(paths.home);
    },
  });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(password);
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="delete-title">
      <CardContent>
        <Typography id="delete-title" variant="h6" component="h2" gutterBottom>
          {t('deleteAccount.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('deleteAccount.intro')}
        </Typography>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t('deleteAccount.button')}
        </Button>
      </CardContent>
      <Dialog open={open} onClose={close} aria-labelledby="delete-dialog-title" fullWidth maxWidth="xs">
        <form onSubmit={confirm} noValidate>
          <DialogTitle id="delete-dialog-title">{t('deleteAccount.dialogTitle')}</DialogTitle>
          <DialogContent>
            {user?.subscriptionPlanName && <StoreSubscriptionWarning userId={user.id} />}
            <DialogContentText sx={{ mb: 2 }}>{t('deleteAccount.typePassword')}</DialogContentText>
            <TextField
              id="delete-password"
              label={t('deleteAccount.password')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
              fullWidth
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {t('deleteAccount.cancel')}
            </Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={busy || !password}
              startIcon={
                busy ? (
                  <CircularProgress size={18} color="inherit" aria-label={t('deleteAccount.deleting')} />
                ) : undefined
              }
            >
              {t('deleteAccount.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
