import { Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/usePageTitle';

/** /feature-requests: the title only (SPEC: empty body). */
export function FeatureRequestsPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('featureRequests.title'));
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1">
        {t('featureRequests.title')}
      </Typography>
    </Container>
  );
}
