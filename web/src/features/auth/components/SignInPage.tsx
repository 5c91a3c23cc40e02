/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import HomeIcon from '@mui/icons-material/Home';
import { Button, Container, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { StoreBadges } from '../../../components/StoreBadges';
import { usePageTitle } from '../../../components/usePageTitle';
import { hasStoreListing } from '../../../config/env';
import { paths } from '../../../config/paths';
import { ResetPasswordDrawer } from './ResetPasswordDrawer';
import { SignInForm } from './SignInForm';

/** /signin: the sign-in form, 'Forgot password?' (also opened by ?forgetPass), and the store badges. */
export function SignInPage() {
  usePageTitle('Sign In');
  const [params] = useSearchParams();
  const [resetOpen, setResetOpen] = useState(() => params.has('forgetPass'));
  const navigate = useNavigate();

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h4" component="h1">
              Sign In
            </Typography>
            <Button component={RouterLink} to={paths.home} startIcon={<HomeIcon />}>
              Home
            </Button>
          </Stack>
          <SignInForm onSignedIn={() => navigate(paths.app)} />
          <Link component="button" type="button" onClick={() => setResetOpen(true)} sx={{ alignSelf: 'flex-start' }}>
            Forgot password?
          </Link>
          <Divider />
          {hasStoreListing && (
            <>
              <Typography sx={{ textAlign: 'center' }}>To sign up, download the app!</Typography>
              <StoreBadges />
            </>
          )}
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {hasStoreListing ? 'Or ' : 'No account yet? '}
            <Link component={RouterLink} to={paths.signUp}>
              {hasStoreListing ? 'create an account on the web' : 'Create an account on the web'}
            </Link>
            .
          </Typography>
        </Stack>
      </Paper>
      <ResetPasswordDrawer open={resetOpen} onClose={() => setResetOpen(false)} />
    </Container>
  );
}
