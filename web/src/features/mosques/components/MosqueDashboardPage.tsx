import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Container, Divider, Paper, Stack, Typography, useTheme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { fetchDashboard, mosqueKeys } from '../../../api/mosques.api';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/http';
import { formatNumber } from '../../../lib/numbers';
import { formatLocalDate } from '../../../lib/time';
import { fsi } from '../format';
import { useSession } from '../../../lib/session';
import { AttentionList } from './AttentionList';
import { AuditLog } from './AuditLog';
import { CalendarUpload } from './CalendarUpload';
import { CoAdmins } from './CoAdmins';
import { JamaahAhead } from './JamaahAhead';
import { RulesSection } from './RulesSection';

const Card = ({ children }: { children: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
    {children}
  </Paper>
);

/** /app/mosques/:id: a mosque's dashboard for its admins (issue 46 point 1). */
export function MosqueDashboardPage() {
  const { t } = useTranslation('mosques');
  const theme = useTheme();
  const { id = '' } = useParams();
  const { user } = useSession();
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: mosqueKeys.dashboard(userId, id),
    queryFn: () => fetchDashboard(id),
    enabled: Boolean(user),
  });
  usePageTitle(query.data?.name ?? t('dashboard.title'));
  // A rule or calendar changes the days ahead, the coverage and the log at once.
  const refresh = () => queryClient.invalidateQueries({ queryKey: mosqueKeys.dashboard(userId, id) });

  const back = (
    <Button
      component={RouterLink}
      to={paths.myMosques}
      startIcon={<ArrowBackIcon sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
      sx={{ mb: 2 }}
    >
      {t('myMosques.title')}
    </Button>
  );
  if (query.isPending)
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <PageLoader />
      </Container>
    );
  if (query.isError)
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {back}
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      </Container>
    );
  const m = query.data;
  const today = m.next[0]?.date ?? new Date().toISOString().slice(0, 10);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {back}
      <Typography variant="h4" component="h1">
        {m.name}
      </Typography>
      <Typography color="text.secondary">
        {t('dashboard.where', { address: fsi(m.address), city: fsi(m.cityName) })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ my: 2 }}>
        <Typography>{t('dashboard.members', { count: m.members, n: formatNumber(m.members) })}</Typography>
        <Typography>
          {m.coveredUntil
            ? t('dashboard.coveredUntil', { date: formatLocalDate(m.coveredUntil) })
            : m.rules.length > 0
              ? t('dashboard.openEnded')
              : null}
        </Typography>
      </Stack>
      <Stack spacing={3}>
        <AttentionList codes={m.attention} coveredUntil={m.coveredUntil} startsOn={m.startsOn} />
        <Card>
          <JamaahAhead days={m.next} tzName={m.tzName} />
        </Card>
        <Card>
          <RulesSection mosqueId={m.id} rules={m.rules} today={today} onChanged={refresh} />
        </Card>
        <Card>
          <CalendarUpload mosqueId={m.id} onSaved={refresh} />
        </Card>
        <Card>
          <CoAdmins mosqueId={m.id} userId={userId} />
        </Card>
        <Divider />
        <Card>
          <AuditLog mosqueId={m.id} userId={userId} />
        </Card>
      </Stack>
    </Container>
  );
}
