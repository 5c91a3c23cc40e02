import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardContent, CardHeader, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError, errorMessage } from '../../../lib/http';
import { formatHHmmA, formatLocalDate } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { fetchStats, type Stats } from '../api/account.api';

/** The upgrade prompt shown where a feature needs PLUS or PREMIUM (SPEC section 6's messages). */
export function UpgradePrompt({ plan }: { plan: 'PLUS' | 'PREMIUM' }) {
  const { setGoPremium, user } = useSession();
  return (
    <Alert
      severity="info"
      action={
        user?.isAppUser ? undefined : (
          <Button color="inherit" size="small" onClick={() => setGoPremium(true)}>
            Upgrade
          </Button>
        )
      }
    >
      Upgrade to {plan} plan to access this feature
    </Alert>
  );
}

type State = { kind: 'loading' } | { kind: 'ready'; stats: Stats } | { kind: 'locked' } | { kind: 'error'; message: string };

/** Monthly Stats: answered and missed counts and the call log, with Refresh; an upgrade prompt when the plan lacks stats (403). */
export function MonthlyStats() {
  const { user } = useSession();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', stats: await fetchStats() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) setState({ kind: 'locked' });
      else setState({ kind: 'error', message: errorMessage(error) });
    }
  }, []);

  // Reload for another account, not for every refetch of the same one.
  const userId = user?.id;
  useEffect(() => {
    if (userId) void load();
  }, [userId, load]);

  return (
    <Card variant="outlined" component="section" aria-labelledby="stats-title">
      <CardHeader
        title="Monthly Stats"
        slotProps={{ title: { id: 'stats-title', component: 'h2', variant: 'h6' } }}
        action={
          <Button startIcon={<RefreshIcon />} onClick={() => void load()} disabled={state.kind === 'loading'}>
            Refresh
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {state.kind === 'loading' && <PageLoader label="Loading stats" />}
        {state.kind === 'locked' && <UpgradePrompt plan="PLUS" />}
        {state.kind === 'error' && <Alert severity="error">{state.message}</Alert>}
        {state.kind === 'ready' && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2}>
              <Box sx={{ flex: 1, p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
                <Typography variant="h4" component="p" color="success.main">
                  {state.stats.answered}
                </Typography>
                <Typography>Answered</Typography>
              </Box>
              <Box sx={{ flex: 1, p: 2, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}>
                <Typography variant="h4" component="p" color="error.main">
                  {state.stats.missed}
                </Typography>
                <Typography>Missed</Typography>
              </Box>
            </Stack>
            <Typography variant="subtitle1" component="h3">
              Call log
            </Typography>
            {state.stats.callLogs.length === 0 ? (
              <Typography color="text.secondary">No calls yet this month.</Typography>
            ) : (
              <List dense aria-label="Call log">
                {state.stats.callLogs.map((log) => (
                  <ListItem key={log.callTimestamp} divider disableGutters>
                    <ListItemText
                      primary={`${formatLocalDate(log.callDate)} · ${formatHHmmA(log.callTimestamp, user?.tzName)}`}
                      secondary={`${log.callDuration} seconds`}
                    />
                    <Typography sx={{ fontWeight: 600, color: log.callAnsweredBy.toLowerCase() === 'answered' ? 'success.main' : 'error.main' }}>
                      {log.callAnsweredBy}
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
