import { Button, Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** A page that crashed or whose code could not load: the rest of the app (navigation) still works. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography role="alert" color="error" variant="h5" component="h1" gutterBottom>
        {t('errorOccurred')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Container>
  );
}
