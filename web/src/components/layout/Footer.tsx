import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The public footer: About (Our Story), Terms (Privacy Policy, Terms) and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, mt: 6 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 3, sm: 8 }}>
          <Box component="nav" aria-labelledby="footer-about">
            <Typography id="footer-about" variant="subtitle2" component="h2" gutterBottom>
              {t('footer.about')}
            </Typography>
            <Link component={RouterLink} to={paths.ourStory} color="inherit">
              {t('footer.ourStory')}
            </Link>
          </Box>
          <Box component="nav" aria-labelledby="footer-terms">
            <Typography id="footer-terms" variant="subtitle2" component="h2" gutterBottom>
              {t('footer.terms')}
            </Typography>
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={paths.privacy} color="inherit">
                {t('footer.privacyPolicy')}
              </Link>
              <Link component={RouterLink} to={paths.terms} color="inherit">
                {t('footer.termsLink')}
              </Link>
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {t('footer.copyright', { year: String(new Date().getFullYear()) })}
        </Typography>
      </Container>
    </Box>
  );
}
