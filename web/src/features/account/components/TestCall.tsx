import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { DndGuide } from '../../../components/DndGuide';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useSession } from '../../../lib/session';
import { formatMessageTime } from '../../../lib/time';
import { callLabel, isAnswered } from './call-labels';
import { fetchTestCall, requestTestCall, type TestCallState } from '../api/account.api';

/** How often the result is asked for while a test call is on its way. */
export const TEST_CALL_POLL_MS = 3000;

/** What a finished test call means and what to do about it, as a person would say it. */
function adviceOf(
  call: NonNullable<TestCallState>,
  t: TFunction<'account'>,
): {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
} {
  if (call.silenced) {
    return {
      severity: 'warning',
      text: t('testCall.advice.silenced'),
    };
  }
  switch (call.outcome) {
    case 'answered':
      return isAnswered(call.label ?? '', t)
        ? { severity: 'success', text: t('testCall.advice.answered') }
        : { severity: 'info', text: t('testCall.advice.answeredNoKey') };
    case 'busy':
      return { severity: 'warning', text: t('testCall.advice.busy') };
    case 'no-answer':
      return { severity: 'warning', text: t('testCall.advice.noAnswer') };
    case 'voicemail':
      return { severity: 'warning', text: t('testCall.advice.voicemail') };
    default:
      return { severity: 'error', text: t('testCall.advice.failed') };
  }
}

/** What the person hears about their test call: waiting, ringing, or how it went and what to do. */
function TestCallStatus({ call, waiting }: { call: TestCallState; waiting: boolean }) {
  const { t } = useTranslation('account');
  if (waiting && (!call || !call.finished)) {
    return (
      <Alert severity="info" icon={<CircularProgress size={18} aria-hidden="true" />}>
        {call?.outcome === 'ringing' ? t('testCall.ringing') : t('testCall.onItsWay')}
      </Alert>
    );
  }
  if (!call?.finished) return null;
  // Asked for a moment ago on this device: its own clock, not the Fajr city's (issue 44).
  const when = formatMessageTime(call.plannedAt);
  const advice = adviceOf(call, t);
  return (
    <Alert severity={advice.severity}>
      <span data-testid="test-call-result">{t('testCall.last', { when, label: callLabel(t, call.label ?? '') })}</span>
      <Typography variant="body2" data-testid="test-call-advice" sx={{ mt: 0.5 }}>
        {advice.text}
      </Typography>
    </Alert>
  );
}

/** Schedule Test Call: 'we'll call you within 5 minutes', then how the call went (every plan). */
export function TestCall() {
  const { user } = useSession();
  const { t } = useTranslation('account');
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
    // The API's own words when it sends them (English until the API speaks the user's language).
    success: (message) => message ?? t('testCall.scheduled'),
    onSuccess: () => setRequestedAt(Date.now()),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="test-call-title">
      <CardContent>
        <Typography id="test-call-title" variant="h6" component="h2" gutterBottom>
          {t('testCall.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('testCall.intro')}
        </Typography>
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={busy || waiting}
          startIcon={
            busy ? (
              <CircularProgress size={18} color="inherit" aria-label={t('testCall.scheduling')} />
            ) : (
              <PhoneInTalkIcon />
            )
          }
        >
          {t('testCall.button')}
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
