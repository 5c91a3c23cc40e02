/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The public footer: About (Our Story), Terms (Privacy Policy, Terms) and the copyright line. */
export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, mt: 6 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 3, sm: 8 }}>
          <Box component="nav" aria-labelledby="footer-about">
            <Typography id="footer-about" variant="subtitle2" component="h2" gutterBottom>
              About
            </Typography>
            <Link component={RouterLink} to={paths.ourStory} color="inherit">
              Our Story
            </Link>
          </Box>
          <Box component="nav" aria-labelledby="footer-terms">
            <Typography id="footer-terms" variant="subtitle2" component="h2" gutterBottom>
              Terms
            </Typography>
            <Stack spacing={0.5}>
              <Link component={RouterLink} to={paths.privacy} color="inherit">
                Privacy Policy
              </Link>
              <Link component={RouterLink} to={paths.terms} color="inherit">
                Terms
              </Link>
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          © {new Date().getFullYear()} Fajr. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
