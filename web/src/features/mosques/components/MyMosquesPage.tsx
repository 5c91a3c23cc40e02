import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Alert,
  Button,
  Container,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { fetchMyMosques, mosqueKeys } from '../../../api/mosques.api';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { mosquePaths } from '../mosque-paths';
import { RegisterMosqueForm } from './RegisterMosqueForm';

/** /app/mosques: the mosques this account keeps, and "Register a mosque". */
export function MyMosquesPage() {
  const { t } = useTranslation('mosques');
  usePageTitle(t('myMosques.title'));
  const theme = useTheme();
  const { user } = useSession();
  const query = useQuery({
    queryKey: mosqueKeys.mine(user?.id ?? ''),
    queryFn: fetchMyMosques,
    enabled: Boolean(user),
  });

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('myMosques.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('myMosques.intro')}
      </Typography>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      ) : query.data.length === 0 ? (
        <Typography sx={{ mb: 3 }}>{t('myMosques.none')}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ mb: 4 }}>
          <List disablePadding aria-label={t('myMosques.listLabel')}>
            {query.data.map((m) => (
              <ListItemButton key={m.id} component={RouterLink} to={mosquePaths.dashboard(m.id)} divider>
                <ListItemText primary={m.name} secondary={m.cityName} />
                <ChevronRightIcon
                  aria-hidden
                  sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined, color: 'text.secondary' }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      <Stack direction="row" sx={{ mb: 3 }}>
        <Button component={RouterLink} to={paths.mosques}>
          {t('myMosques.findListed')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="register-title">
        <Typography variant="h5" component="h2" id="register-title" gutterBottom>
          {t('register.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('register.intro')}
        </Typography>
        <RegisterMosqueForm />
      </Paper>
    </Container>
  );
}
