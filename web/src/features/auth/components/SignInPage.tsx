import HomeIcon from '@mui/icons-material/Home';
import { Button, Container, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { StoreBadges } from '../../../components/StoreBadges';
import { usePageTitle } from '../../../components/usePageTitle';
import { hasStoreListing } from '../../../config/env';
import { paths } from '../../../config/paths';
import { ResetPasswordDrawer } from './ResetPasswordDrawer';
import { SignInForm } from './SignInForm';

/** /signin: the sign-in form, 'Forgot password?' (also opened by ?forgetPass), and the store badges. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('pageTitle.signIn'));
  const [params] = useSearchParams();
  const [resetOpen, setResetOpen] = useState(() => params.has('forgetPass'));
  const navigate = useNavigate();

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="h4" component="h1">
              {t('signIn.title')}
            </Typography>
            <Button component={RouterLink} to={paths.home} startIcon={<HomeIcon />}>
              {t('signIn.home')}
            </Button>
          </Stack>
          <SignInForm onSignedIn={() => navigate(paths.app)} />
          <Link component="button" type="button" onClick={() => setResetOpen(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('signIn.forgotPassword')}
          </Link>
          <Divider />
          {hasStoreListing && (
            <>
              <Typography sx={{ textAlign: 'center' }}>{t('signIn.downloadApp')}</Typography>
              <StoreBadges />
            </>
          )}
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            {/* The tag is <signup>, not <link>: Trans reads <link> as HTML's empty element and drops its text. */}
            <Trans
              t={t}
              i18nKey={hasStoreListing ? 'signIn.orCreate' : 'signIn.noAccount'}
              components={{ signup: <Link component={RouterLink} to={paths.signUp} /> }}
            />
          </Typography>
        </Stack>
      </Paper>
      <ResetPasswordDrawer open={resetOpen} onClose={() => setResetOpen(false)} />
    </Container>
  );
}
