import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, Drawer, IconButton, Link, Typography } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { ResetPasswordDrawer } from '../../features/auth/components/ResetPasswordDrawer';
import { SignInForm } from '../../features/auth/components/SignInForm';
import { useSession } from '../../lib/session';
import { UpgradeDrawer } from '../../features/subscriptions/components/UpgradeDrawer';
import { isNativeShell, postToHost } from '../../lib/native-shell';

/** "Forgot password?" under a sign-in form, opening the reset drawer over it (the form stays for the new password). */
function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('auth');
  return (
    <>
      <Link component="button" type="button" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start', mt: 2 }}>
        {t('signIn.forgotPassword')}
      </Link>
      <ResetPasswordDrawer open={open} onClose={() => setOpen(false)} onReset={() => setOpen(false)} />
    </>
  );
}

/** The sign-in asked for on an /app page: "Session expired" only when a held session was refused. */
function SignInRequired() {
  const navigate = useNavigate();
  const { sessionExpired } = useSession();
  const native = isNativeShell();
  const { t } = useTranslation(['auth', 'common']);
  const title = sessionExpired ? t('signInRequired.expired') : t('signInRequired.required');
  useEffect(() => {
    // The native host shows its own sign-in when it hears this.
    if (native) postToHost({ type: 'login' });
  }, [native]);

  if (native) {
    return (
      <Drawer
        anchor="bottom"
        open
        slotProps={{
          paper: { sx: { height: '100%' }, role: 'dialog', 'aria-labelledby': 'native-signin-title' } as object,
        }}
      >
        <Box sx={{ maxWidth: 420, width: '100%', mx: 'auto', p: 3, display: 'flex', flexDirection: 'column' }}>
          <Typography id="native-signin-title" variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <SignInForm idPrefix="native-signin" />
          <ForgotPassword />
        </Box>
      </Drawer>
    );
  }
  return (
    <Dialog open onClose={() => navigate(paths.home)} aria-labelledby="session-expired-title" fullWidth maxWidth="xs">
      <DialogTitle id="session-expired-title" sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('common:close')}
        onClick={() => navigate(paths.home)}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column' }}>
          <SignInForm idPrefix="expired-signin" />
          <ForgotPassword />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The /app guard: a spinner while the user loads, the sign-in modal (with 'Forgot password?') when there is none, else the page and the 'Upgrade Plan' drawer. */
export function AppLayout() {
  const { user, isUserLoading } = useSession();
  const { t } = useTranslation();
  if (isUserLoading && !user) return <PageLoader label={t('pageLoader.account')} />;
  if (!user) return <SignInRequired />;
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <UpgradeDrawer />
    </>
  );
}
