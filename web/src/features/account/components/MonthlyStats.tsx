import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError, errorMessage } from '../../../lib/http';
import { formatLocalDate, formatTimeNamed } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { fetchStats } from '../api/account.api';
import { callLabel, isAnswered } from './call-labels';

/** The upgrade prompt shown where a feature needs PLUS or PREMIUM (SPEC section 6's messages). */
export function UpgradePrompt({ plan }: { plan: 'PLUS' | 'PREMIUM' }) {
  const { setGoPremium, user } = useSession();
  const { t } = useTranslation('account');
  return (
    <Alert
      severity="info"
      action={
        user?.isAppUser ? undefined : (
          <Button color="inherit" size="small" onClick={() => setGoPremium(true)}>
            {t('upgradePrompt.upgrade')}
          </Button>
        )
      }
    >
      {t('upgradePrompt.message', { plan })}
    </Alert>
  );
}

/** Monthly Stats: answered and missed counts and the call log, with Refresh; an upgrade prompt when the plan lacks stats (403). */
export function MonthlyStats() {
  const { user } = useSession();
  const { t, i18n } = useTranslation('account');
  // Per account, not refetched with every reload of the same one; Refresh shows the spinner again.
  // Stats are a Plus feature: without it nothing is asked for (the API would only answer 403).
  const allowed = Boolean(user?.isPlus);
  const query = useQuery({
    queryKey: queryKeys.stats(user?.id ?? ''),
    queryFn: fetchStats,
    enabled: Boolean(user) && allowed,
  });
  const loading = !user || (allowed && (query.isFetching || query.isPending));
  const stats = loading ? undefined : query.data;
  const locked = !loading && (!allowed || (query.error instanceof ApiError && query.error.status === 403));
  const failed = !loading && query.isError && !locked;
  // Built only when counts are shown: a locked or loading section builds no Intl object, whose first one
  // costs a slowed phone ~100 ms on the way to the account page's first render (bench:web's profile).
  const count = stats ? new Intl.NumberFormat(i18n.language) : null;

  return (
    <Card variant="outlined" component="section" aria-labelledby="stats-title">
      <CardHeader
        title={t('stats.title')}
        slotProps={{ title: { id: 'stats-title', component: 'h2', variant: 'h6' } }}
        action={
          <Button startIcon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={loading || !allowed}>
            {t('stats.refresh')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {loading && <PageLoader label={t('stats.loading')} />}
        {locked && <UpgradePrompt plan="PLUS" />}
        {failed && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {stats && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2}>
              <Box sx={{ flex: 1, p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
                <Typography variant="h4" component="p" color="success.main">
                  {count!.format(stats.answered)}
                </Typography>
                <Typography>{t('stats.answered')}</Typography>
              </Box>
              <Box sx={{ flex: 1, p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
                <Typography variant="h4" component="p" color="error.main">
                  {count!.format(stats.missed)}
                </Typography>
                <Typography>{t('stats.missed')}</Typography>
              </Box>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('stats.explainer')}
            </Typography>
            <Typography variant="subtitle1" component="h3">
              {t('stats.callLog')}
            </Typography>
            {stats.callLogs.length === 0 ? (
              <Typography color="text.secondary">{t('stats.noCalls')}</Typography>
            ) : (
              <List dense aria-label={t('stats.callLog')}>
                {stats.callLogs.map((log) => (
                  <ListItem key={log.callTimestamp} divider disableGutters>
                    <ListItemText
                      // SPEC's 'HH:mm A' read as it is meant: a 12-hour clock with its meridiem ('5:26 PM', never '17:26 PM').
                      // In the calls' zone, named, with the device's time beside it when its clock differs.
                      primary={t('stats.when', {
                        date: formatLocalDate(log.callDate),
                        time: formatTimeNamed(log.callTimestamp, user?.callTzName ?? 'UTC'),
                      })}
                      secondary={t('stats.seconds', { count: log.callDuration })}
                    />
                    {log.kind === 'test' && <Chip size="small" label={t('stats.testCall')} sx={{ mr: 1 }} />}
                    {log.note && <Chip size="small" variant="outlined" label={callLabel(t, log.note)} sx={{ mr: 1 }} />}
                    <Typography
                      sx={{
                        fontWeight: 600,
                        color: isAnswered(log.callAnsweredBy, t) ? 'success.main' : 'error.main',
                      }}
                    >
                      {callLabel(t, log.callAnsweredBy)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
