/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Container, Typography } from '@mui/material';
import { usePageTitle } from '../../../components/usePageTitle';

/** /feature-requests: the title only (SPEC: empty body). */
export function FeatureRequestsPage() {
  usePageTitle('Feature Requests');
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1">
        Feature Requests
      </Typography>
    </Container>
  );
}
