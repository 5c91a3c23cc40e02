import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { Alert, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { formatMessageTime } from '../../../lib/time';
import { fetchTestCall, requestTestCall, type TestCallState } from '../api/account.api';

/** How often the result is asked for while a test call is on its way. */
export const TEST_CALL_POLL_MS = 3000;

/** What the person hears about their test call: waiting, ringing, or how it went. */
function TestCallStatus({ call, waiting, tz }: { call: TestCallState; waiting: boolean; tz: string | null }) {
  if (waiting && (!call || !call.finished)) {
    return (
      <Alert severity="info" icon={<CircularProgress size={18} aria-hidden="true" />}>
        {call?.outcome === 'ringing' ? 'Calling you now…' : "Your test call is on its way: we'll call you within 5 minutes."}
      </Alert>
    );
  }
  if (!call?.finished) return null;
  const when = formatMessageTime(call.plannedAt, tz);
  return (
    <Alert severity={call.outcome === 'answered' ? 'success' : 'warning'} data-testid="test-call-result">
      Last test call ({when}): {call.label}
    </Alert>
  );
}

/** Schedule Test Call: 'we'll call you within 5 minutes', then how the call went (every plan). */
export function TestCall() {
  const { user } = useSession();
  // Set by a request in this visit: the result is asked for until a newer test call has ended.
  const [requestedAt, setRequestedAt] = useState<number | null>(null);
  const query = useQuery({
    queryKey: queryKeys.testCall(user?.id ?? ''),
    queryFn: fetchTestCall,
    enabled: Boolean(user),
    refetchInterval: (q) => {
      if (requestedAt === null) return false;
      const call = q.state.data;
      return call && call.finished && Date.parse(call.plannedAt) >= requestedAt - 60_000 ? false : TEST_CALL_POLL_MS;
    },
  });
  const call = query.data ?? null;
  const waiting = requestedAt !== null && !(call && call.finished && Date.parse(call.plannedAt) >= requestedAt - 60_000);
  const { run, busy } = useAppMutation({
    mutationFn: requestTestCall,
    success: (message) => message ?? "Test call scheduled, we'll call you within 5 minutes",
    onSuccess: () => setRequestedAt(Date.now()),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="test-call-title">
      <CardContent>
        <Typography id="test-call-title" variant="h6" component="h2" gutterBottom>
          Schedule Test Call
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Check that our calls reach you: we'll call you within 5 minutes.
        </Typography>
        <Button variant="contained" onClick={() => void run()} disabled={busy || waiting} startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Scheduling" /> : <PhoneInTalkIcon />}>
          Schedule Test Call
        </Button>
        <div aria-live="polite" style={{ marginTop: 16 }}>
          <TestCallStatus call={call} waiting={waiting} tz={user?.tzName ?? null} />
        </div>
      </CardContent>
    </Card>
  );
}
