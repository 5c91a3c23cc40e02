/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/query-keys';
import { DndGuide } from '../../../components/DndGuide';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { formatMessageTime } from '../../../lib/time';
import { fetchTestCall, requestTestCall, type TestCallState } from '../api/account.api';

/** How often the result is asked for while a test call is on its way. */
export const TEST_CALL_POLL_MS = 3000;

/** What a finished test call means and what to do about it, as a person would say it. */
function adviceOf(call: NonNullable<TestCallState>): {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
} {
  if (call.silenced) {
    return {
      severity: 'warning',
      text: 'Your phone turned the call away at once, as Do Not Disturb, Sleep or a Focus does with numbers it does not know (or it was on another call). Save our number and let it through (below), then try again.',
    };
  }
  switch (call.outcome) {
    case 'answered':
      return call.label === 'Answered'
        ? { severity: 'success', text: 'Our calls reach you. Keep your ringer on for Fajr.' }
        : {
            severity: 'info',
            text: "You answered but didn't press a key: on a Fajr morning, press any key when asked so we know you're awake.",
          };
    case 'busy':
      return { severity: 'warning', text: 'Your line was busy, perhaps with another call. Try again when it is free.' };
    case 'no-answer':
      return {
        severity: 'warning',
        text: 'It rang but nobody answered. Is your ringer loud enough to wake you? Turn it up and try again.',
      };
    case 'voicemail':
      return {
        severity: 'warning',
        text: 'It went to voicemail. If your phone did not ring, it may be sending unknown numbers there: let ours through (below).',
      };
    default:
      return {
        severity: 'error',
        text: 'We could not get through to your phone. Check your number under Account Details and try again.',
      };
  }
}

/** What the person hears about their test call: waiting, ringing, or how it went and what to do. */
function TestCallStatus({ call, waiting }: { call: TestCallState; waiting: boolean }) {
  if (waiting && (!call || !call.finished)) {
    return (
      <Alert severity="info" icon={<CircularProgress size={18} aria-hidden="true" />}>
        {call?.outcome === 'ringing'
          ? 'Calling you now…'
          : "Your test call is on its way: we'll call you within 5 minutes."}
      </Alert>
    );
  }
  if (!call?.finished) return null;
  // Asked for a moment ago on this device: its own clock, not the Fajr city's (issue 44).
  const when = formatMessageTime(call.plannedAt);
  const advice = adviceOf(call);
  return (
    <Alert severity={advice.severity}>
      <span data-testid="test-call-result">
        Last test call ({when}): {call.label}
      </span>
      <Typography variant="body2" data-testid="test-call-advice" sx={{ mt: 0.5 }}>
        {advice.text}
      </Typography>
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
  const waiting =
    requestedAt !== null && !(call && call.finished && Date.parse(call.plannedAt) >= requestedAt - 60_000);
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
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={busy || waiting}
          startIcon={
            busy ? <CircularProgress size={18} color="inherit" aria-label="Scheduling" /> : <PhoneInTalkIcon />
          }
        >
          Schedule Test Call
        </Button>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <div aria-live="polite">
            <TestCallStatus call={call} waiting={waiting} />
          </div>
          {/* Before the first morning (no test call yet), and open again after a test call, above all a silenced one. */}
          {query.isSuccess && (
            <DndGuide
              key={call?.finished ? `${call.plannedAt}` : 'first'}
              defaultExpanded={!call?.finished || requestedAt !== null || Boolean(call.silenced)}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
