import { Button, Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';

/** Any unknown route. */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('notFound.title'));
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}
