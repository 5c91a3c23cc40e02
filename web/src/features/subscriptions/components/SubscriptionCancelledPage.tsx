import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';

/** /app/subscriptions/cancelled. */
export function SubscriptionCancelledPage() {
  usePageTitle('Subscription Cancelled');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="h4" component="h1">
            Subscription Cancelled
          </Typography>
          <Typography>Your subscription was cancelled.</Typography>
          <Button component={RouterLink} to={paths.app} variant="contained">
            Back to my account
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
