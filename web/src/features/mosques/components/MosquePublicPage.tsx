import {
  Alert,
  Button,
  Container,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { fetchMyMosques, fetchPublicMosque, mosqueKeys } from '../../../api/mosques.api';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { rememberMosqueChoice } from '../../../lib/mosque-choice';
import { useSession } from '../../../lib/session';
import { formatLocalDate, formatShortDate, formatTime, formatZone } from '../../../lib/time';
import { ClaimMosque } from './ClaimMosque';
import { fsi } from '../format';
import { mosquePaths } from '../mosque-paths';

/** /mosques/:slug: a listed mosque's public page (no sign-in): where, its coming jama'ah, how far its times reach. */
export function MosquePublicPage() {
  const { t } = useTranslation('mosques');
  const { slug = '' } = useParams();
  const { isAuthenticated, user } = useSession();
  const query = useQuery({ queryKey: mosqueKeys.page(slug), queryFn: () => fetchPublicMosque(slug) });
  // Its own admins are offered their dashboard, not a claim.
  const mine = useQuery({
    queryKey: mosqueKeys.mine(user?.id ?? ''),
    queryFn: fetchMyMosques,
    enabled: isAuthenticated && Boolean(user),
  });
  usePageTitle(query.data?.name ?? t('publicPage.title'));
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Alert severity="error">{errorMessage(query.error)}</Alert>
        <Button component={RouterLink} to={paths.mosques} sx={{ mt: 2 }}>
          {t('publicPage.findAnother')}
        </Button>
      </Container>
    );
  const m = query.data;
  const coming = m.coming.filter((d) => d.jamaahAt);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1">
        {m.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboard.where', { address: fsi(m.address), city: fsi(m.cityName) })}
      </Typography>
      <Stack spacing={2}>
        <Typography>
          {m.coveredUntil
            ? t('publicPage.listedUntil', { date: formatLocalDate(m.coveredUntil) })
            : t('publicPage.openEnded')}
        </Typography>
        <Button
          component={RouterLink}
          // The settings open on this mosque; through sign-up it is remembered until they do.
          to={`${isAuthenticated ? paths.settings : paths.signUp}?mosque=${m.id}`}
          onClick={() => rememberMosqueChoice(m.id)}
          variant="contained"
          size="large"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('publicPage.getCalled')}
        </Button>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="coming-title">
          <Typography variant="h6" component="h2" id="coming-title">
            {t('publicPage.coming')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('ahead.zone', { zone: formatZone(m.tzName) })}
          </Typography>
          {coming.length === 0 ? (
            <Typography>{t('publicPage.noTimes')}</Typography>
          ) : (
            <Table size="small" aria-labelledby="coming-title">
              <TableBody>
                {coming.map((d) => (
                  <TableRow key={d.date}>
                    <TableCell>{formatShortDate(d.date)}</TableCell>
                    <TableCell>{formatTime(d.jamaahAt!, m.tzName)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
        {isAuthenticated &&
          mine.data &&
          (mine.data.some((k) => k.id === m.id) ? (
            <Button component={RouterLink} to={mosquePaths.dashboard(m.id)} sx={{ alignSelf: 'flex-start' }}>
              {t('publicPage.openDashboard')}
            </Button>
          ) : (
            <ClaimMosque mosqueId={m.id} />
          ))}
      </Stack>
    </Container>
  );
}
