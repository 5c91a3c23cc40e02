/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Button, Container, Typography } from '@mui/material';
import { useRouteError } from 'react-router-dom';

/** A page that crashed or whose code could not load: the rest of the app (navigation) still works. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography role="alert" color="error" variant="h5" component="h1" gutterBottom>
        An error occurred
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Container>
  );
}
