import { Alert, Button, CircularProgress, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { queryKeys } from '../../../api/query-keys';
import { DndGuide } from '../../../components/DndGuide';
import { OtpInput, OTP_LENGTH } from '../../../components/OtpInput';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { usePrayerCalc } from '../../../hooks/usePrayerCalc';
import { errorMessage } from '../../../lib/http';
import { formatNumber } from '../../../lib/numbers';
import { formatPhone } from '../../../lib/phone';
import { formatShortDate, formatTime, formatZone } from '../../../lib/time';
import { consentToFriendCalls, fetchFriendWelcome, fetchInvitation, stopFriendCalls } from '../api/settings.api';
import { alternativesOf, isolated } from '../bidi-text';
import type { Place } from '../settings-form';
import { CityAutocomplete } from './CityAutocomplete';
import { MosqueSelect } from './MosqueSelect';

/** The key pressed twice during a call to stop the calls (docs/CALLS.md "Fajr friends"). */
const STOP_KEY = 9;

/** "A or B" of our calling numbers, each isolated left-to-right so right-to-left text keeps its digits in order. */
function CallerNumbers({ numbers }: { numbers: string[] }) {
  return (
    <>
      {alternativesOf(numbers.map(formatPhone)).map((part, i) =>
        part.type === 'element' ? (
          <bdi key={i} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {part.value}
          </bdi>
        ) : (
          <Fragment key={i}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}

/** After yes: when the first call comes (in its zone) and how to let it through Do Not Disturb. */
function FriendWelcome({ id, message, first }: { id: string; message: string; first: boolean }) {
  const { t } = useTranslation('settings');
  const { data } = useQuery({ queryKey: queryKeys.friendWelcome(id), queryFn: () => fetchFriendWelcome(id) });
  return (
    <Stack spacing={2}>
      <Alert severity="success">{message}</Alert>
      {data?.firstCall && (
        <Typography data-testid="friend-first-call" sx={{ fontWeight: 500 }}>
          <Trans
            t={t}
            i18nKey={first ? 'friendConsent.firstCall' : 'friendConsent.nextCall'}
            values={isolated({
              date: formatShortDate(data.firstCall.date),
              time: formatTime(data.firstCall.callAt, data.firstCall.tzName),
              zone: formatZone(data.firstCall.tzName),
            })}
            components={{ numbers: <CallerNumbers numbers={data.callerNumbers} /> }}
          />
        </Typography>
      )}
      <DndGuide defaultExpanded />
    </Stack>
  );
}

/**
 * A Fajr friend's consent page (/friend/:id, the SMS link; no account): who invited them, the code
 * from the SMS (their consent: nobody is called without it) and where they pray Fajr: their own city
 * (called as soon as Fajr starts) or a mosque (30 minutes before its jama'ah), then confirm.
 * Lives beside the settings because it is the same city search and mosque list.
 */
export function FriendConsentPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('friendConsent.title'));
  const id = useParams().id ?? '';
  const query = useQuery({ queryKey: queryKeys.invitation(id), queryFn: () => fetchInvitation(id), retry: false });
  const [code, setCode] = useState('');
  const [place, setPlace] = useState<Place | null>(null);
  const [atMosque, setAtMosque] = useState(false);
  const [mosqueId, setMosqueId] = useState('');
  const mosques = usePrayerCalc().data?.mosques ?? [];
  const chosenMosque = mosques.find((m) => m.id === mosqueId);
  const cityChosen = !!place?.cityName && place.lat !== null && place.lng !== null && !!place.tzName;
  const [done, setDone] = useState<string | null>(null);
  const consent = useAppMutation({
    mutationFn: consentToFriendCalls,
    success: (r) => r.message,
    onSuccess: (r) => setDone(r.message ?? t('friendConsent.confirmed')),
  });
  const inv = query.data;
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('friendConsent.title')}
      </Typography>
      {query.isPending && <CircularProgress aria-label={t('friendConsent.loading')} />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {inv && done && <FriendWelcome id={id} message={done} first />}
      {inv && !done && inv.status === 'active' && (
        <FriendWelcome id={id} message={t('friendConsent.alreadyActive')} first={false} />
      )}
      {inv && !done && (inv.status === 'stopped' || inv.status === 'ended') && (
        <Alert severity="info">{t('friendConsent.closed')}</Alert>
      )}
      {inv && !done && inv.status === 'invited' && (
        <Stack
          component="form"
          spacing={2.5}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (atMosque) {
              if (chosenMosque) void consent.run({ id, code, mosqueId: chosenMosque.id });
              return;
            }
            if (!cityChosen) return;
            void consent.run({
              id,
              code,
              cityName: place!.cityName!,
              lat: place!.lat!,
              lng: place!.lng!,
              tzName: place!.tzName!,
            });
          }}
        >
          <Typography>
            {t('friendConsent.greeting', {
              ...isolated({ firstName: inv.firstName, inviterName: inv.inviterName }),
              key: formatNumber(STOP_KEY),
            })}
          </Typography>
          <Typography variant="body2">{t('friendConsent.enterCode', { digits: formatNumber(OTP_LENGTH) })}</Typography>
          <OtpInput label={t('friendConsent.codeLabel')} onChange={setCode} disabled={consent.busy} autoFocus />
          <Tabs
            value={atMosque ? 1 : 0}
            onChange={(_e, v: number) => setAtMosque(v === 1)}
            variant="fullWidth"
            aria-label={t('placeTabs.label')}
          >
            <Tab label={t('friendConsent.atHome')} id="friend-tab-0" aria-controls="friend-panel-0" />
            <Tab label={t('friendConsent.atMosque')} id="friend-tab-1" aria-controls="friend-panel-1" />
          </Tabs>
          <Stack
            spacing={1}
            role="tabpanel"
            id={`friend-panel-${atMosque ? 1 : 0}`}
            aria-labelledby={`friend-tab-${atMosque ? 1 : 0}`}
          >
            {atMosque ? (
              <MosqueSelect id="friend-mosque" mosques={mosques} value={mosqueId} onChange={setMosqueId} />
            ) : (
              <>
                <CityAutocomplete value={place} onChange={setPlace} />
                <Typography variant="body2" color="text.secondary">
                  {t('friendConsent.cityCall')}
                </Typography>
              </>
            )}
          </Stack>
          <Button
            type="submit"
            variant="contained"
            disabled={consent.busy || code.length !== OTP_LENGTH || (atMosque ? !chosenMosque : !cityChosen)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('friendConsent.confirm')}
          </Button>
        </Stack>
      )}
    </Container>
  );
}

/** The stop link from a friend's SMS (/friend/:id/stop?sig=…): one button, no account; never called again unless they accept anew. */
export function FriendStopPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('friendStop.title'));
  const id = useParams().id ?? '';
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const stop = useAppMutation({
    mutationFn: stopFriendCalls,
    success: (r) => r.message,
    onSuccess: (r) => setDone(r.message ?? t('friendStop.stopped')),
  });
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('friendStop.title')}
      </Typography>
      {done ? (
        <Alert severity="success">{done}</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography>{t('friendStop.text')}</Typography>
          <Button
            variant="contained"
            color="error"
            onClick={() => void stop.run({ id, sig: params.get('sig') ?? '' })}
            disabled={stop.busy}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('friendStop.stop')}
          </Button>
        </Stack>
      )}
    </Container>
  );
}
