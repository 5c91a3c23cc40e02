import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, DialogContent, DialogTitle, Drawer, IconButton, Typography } from '@mui/material';
import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { SignInForm } from '../../features/auth/components/SignInForm';
import { useSession } from '../../lib/session';
import { UpgradeDrawer } from '../../features/subscriptions/components/UpgradeDrawer';
import { isNativeShell, postToHost } from '../../lib/native-shell';

function SessionExpired() {
  const navigate = useNavigate();
  const native = isNativeShell();
  useEffect(() => {
    // The native host shows its own sign-in when it hears this.
    if (native) postToHost({ type: 'login' });
  }, [native]);

  if (native) {
    return (
      <Drawer anchor="bottom" open slotProps={{ paper: { sx: { height: '100%' }, role: 'dialog', 'aria-labelledby': 'native-signin-title' } as object }}>
        <Box sx={{ maxWidth: 420, width: '100%', mx: 'auto', p: 3 }}>
          <Typography id="native-signin-title" variant="h5" component="h1" gutterBottom>
            Session expired, please sign in
          </Typography>
          <SignInForm idPrefix="native-signin" />
        </Box>
      </Drawer>
    );
  }
  return (
    <Dialog open onClose={() => navigate(paths.home)} aria-labelledby="session-expired-title" fullWidth maxWidth="xs">
      <DialogTitle id="session-expired-title" sx={{ pr: 6 }}>
        Session expired, please sign in
      </DialogTitle>
      <IconButton aria-label="Close" onClick={() => navigate(paths.home)} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Box sx={{ pt: 1 }}>
          <SignInForm idPrefix="expired-signin" />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

/** The /app guard: a spinner while the user loads, the sign-in modal when there is none, else the page and the 'Upgrade Plan' drawer. */
export function AppLayout() {
  const { user, isUserLoading } = useSession();
  if (isUserLoading && !user) return <PageLoader label="Loading your account" />;
  if (!user) return <SessionExpired />;
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <UpgradeDrawer />
    </>
  );
}
