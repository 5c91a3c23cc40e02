import { Button, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** The card of a page a checkout returns to: an optional icon, its heading, what it says, and the way back to the account. */
export function SubscriptionOutcome({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          {icon}
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {children}
          <Button component={RouterLink} to={paths.app} variant="contained">
            {t('outcome.back')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
