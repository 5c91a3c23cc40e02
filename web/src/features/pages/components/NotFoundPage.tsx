/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';

/** Any unknown route. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        Page Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you're looking for does not seem to exist
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        Go to Home
      </Button>
    </Container>
  );
}
