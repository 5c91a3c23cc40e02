import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Container,
  FormControlLabel,
  FormHelperText,
  Link,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '@fajr/api/contracts/users.contract';
import type { PrayerCalcData } from '../../../api/data.api';
import { queryKeys } from '../../../api/query-keys';
import { PageLoader } from '../../../components/PageLoader';
import { SectionBoundary } from '../../../components/SectionBoundary';
import { useToast } from '../../../components/toast/ToastProvider';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { usePrayerCalc } from '../../../hooks/usePrayerCalc';
import { errorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { saveFajrPrefs, saveToggle, type Toggles } from '../api/settings.api';
import { SecondNumber } from './SecondNumber';
import { FajrFriends } from './FajrFriends';
import { RingThrough } from './RingThrough';
import { DEFAULT_CALL_TIME_PREF, gateHelperSx, prefsPayload, valuesFromUser, type SettingsValues } from '../settings-form';
import { AdhaanSelect } from './AdhaanSelect';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const HomeTab = lazy(() => import('./HomeTab'));
const MosqueTab = lazy(() => import('./MosqueTab'));

/** SPEC section 6's upgrade messages. */
export const PLUS_GATE = 'Upgrade to PLUS plan to access this feature';
export const PREMIUM_GATE = 'Upgrade to PREMIUM plan to access this feature';

/** A gate's message with the way through it: a link to the plans. */
function Gate({ text }: { text: string }) {
  return (
    <>
      <span>{text}</span>{' '}
      <Link component={RouterLink} to={paths.subscriptions}>
        See plans
      </Link>
    </>
  );
}

type ToggleName = 'allowCalls' | 'allowRepeatCalls' | 'awakeCheck';
const toggleToasts: Record<ToggleName, [on: string, off: string]> = {
  allowCalls: ['Fajr calls enabled', 'Fajr calls disabled'],
  allowRepeatCalls: ['Fajr repeated calls enabled', 'Fajr repeated calls disabled'],
  awakeCheck: ['Awake check enabled', 'Awake check disabled'],
};
/** SPEC section 8: a failure to read the lists empties them. */
const NO_LISTS: PrayerCalcData = { timezones: [], prayerCalcMethods: [], publishedTimetables: [], prayerCalcHighLats: [], mosques: [], fajrAdhaans: [], fajrCallTimePrefs: [] };

/** /app/settings: where and how the Fajr time is worked out, the call switches and preferences, Save Changes. */
export function SettingsPage() {
  usePageTitle('Fajr Settings');
  const { user } = useSession();
  // The form starts from the signed-in account; a refetch of the same account keeps unsaved edits.
  return user ? <SettingsForm key={user.id} user={user} /> : null;
}

function SettingsForm({ user }: { user: User }) {
  const { isPlus, isPremium, reloadUser } = useSession();
  const toast = useToast();
  const lists = usePrayerCalc();
  const data = lists.isError ? NO_LISTS : (lists.data ?? null);
  const listsError = lists.error;
  useEffect(() => {
    if (listsError) toast.error(errorMessage(listsError));
  }, [listsError, toast]);
  const [tab, setTab] = useState(() => (user.mosqueId ? 1 : 0));
  const {
    control,
    getValues,
    setValue,
    reset,
    formState: { isDirty },
  } = useForm<SettingsValues>({ defaultValues: valuesFromUser(user) });

  const allowCalls = useWatch({ control, name: 'allowCalls' });
  const allowRepeatCalls = useWatch({ control, name: 'allowRepeatCalls' });
  const awakeCheck = useWatch({ control, name: 'awakeCheck' });

  // A switch flips at once and flips back if the server refuses; the user is read again without waiting.
  const toggle = useAppMutation({
    mutationFn: ({ name, next }: { name: ToggleName; next: boolean }) => saveToggle({ [name]: next } as Toggles),
    optimistic: ({ name, next }) => {
      setValue(name, next);
      return () => setValue(name, !next);
    },
    success: (_answer, { name, next }) => toggleToasts[name][next ? 0 : 1],
    onSuccess: () => void reloadUser(),
    // Calls on or off changes the next call and the steps still to do.
    invalidates: [queryKeys.user(user.id)],
  });
  // A switch ignores presses only while its own write is on its way: once the server has answered (the
  // toast), the next press is a new choice, even while the account is still being read again.
  const toggling = toggle.writing ? toggle.variables?.name : null;
  const flip = (name: ToggleName, next: boolean) => toggle.run({ name, next });

  // The schedule and next Fajr change with the preferences.
  const saveMutation = useAppMutation({
    mutationFn: saveFajrPrefs,
    success: 'Updated preferences',
    // What was saved is the new starting point: nothing is unsaved any more.
    onSuccess: () => reset(getValues()),
    invalidates: [queryKeys.currentUser, queryKeys.user(user.id)],
  });
  const saving = saveMutation.busy;
  const save = async () => {
    const payload = prefsPayload(getValues(), tab);
    if ('error' in payload) {
      toast.error(payload.error);
      return;
    }
    await saveMutation.run(payload.prefs);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <UnsavedChangesGuard when={isDirty && !saving} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Typography variant="h4" component="h1">
          Fajr Call Settings & Prayer Calculations
        </Typography>
        <Button component={RouterLink} to={paths.schedule} variant="outlined" startIcon={<CalendarMonthIcon />} sx={{ flexShrink: 0 }}>
          View Schedule
        </Button>
      </Stack>

      <Card variant="outlined" sx={{ mb: 3 }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="fullWidth" aria-label="Where do you pray Fajr?">
          <Tab label="Pray at Home" id="settings-tab-0" aria-controls="settings-panel-0" />
          <Tab label="Pray at Mosque" id="settings-tab-1" aria-controls="settings-panel-1" />
        </Tabs>
        <CardContent role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
          <SectionBoundary name="settings-tab">
            <Suspense fallback={<PageLoader />}>{tab === 0 ? <HomeTab control={control} data={data} /> : <MosqueTab control={control} data={data} />}</Suspense>
          </SectionBoundary>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Stack spacing={3}>
            <Box>
              <FormControlLabel
                control={
                  // Never disabled while saving: a disabled switch drops keyboard focus to the page; a flip waits its turn instead.
                  <Switch checked={allowCalls} onChange={(e) => toggling !== 'allowCalls' && void flip('allowCalls', e.target.checked)} slotProps={{ input: { 'aria-busy': toggling === 'allowCalls' } as object }} />
                }
                label="Enable Fajr Calls?"
              />
            </Box>
            <Controller
              name="fajrAdhaanId"
              control={control}
              render={({ field }) => (
                <AdhaanSelect value={field.value} onChange={field.onChange} adhaans={data?.fajrAdhaans ?? []} disabled={!isPlus} helperText={isPlus ? undefined : <Gate text={PLUS_GATE} />} />
              )}
            />
            <Controller
              name="fajrCallTimePrefTitle"
              control={control}
              render={({ field }) => {
                const prefs = data?.fajrCallTimePrefs ?? [];
                return (
                  <TextField
                    id="settings-call-time"
                    select
                    fullWidth
                    label="Fajr Call Time Preference"
                    {...field}
                    value={prefs.some((p) => p.title === field.value) ? field.value : ''}
                    onChange={(e) => field.onChange(e.target.value || DEFAULT_CALL_TIME_PREF)}
                    disabled={!isPlus}
                    helperText={isPlus ? (tab === 1 ? "Mosque calls are always 30 minutes before the Fajr jama'ah." : undefined) : <Gate text={PLUS_GATE} />}
                    slotProps={{ formHelperText: { sx: gateHelperSx } }}
                  >
                    {prefs.map((p) => (
                      <MenuItem key={p.title} value={p.title}>
                        {p.title}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              }}
            />
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={allowRepeatCalls}
                    onChange={(e) => toggling !== 'allowRepeatCalls' && void flip('allowRepeatCalls', e.target.checked)}
                    disabled={!isPremium}
                    slotProps={{ input: { 'aria-describedby': isPremium ? undefined : 'repeat-gate', 'aria-busy': toggling === 'allowRepeatCalls' } as object }}
                  />
                }
                label="Repeat unanswered Fajr Calls?"
              />
              {!isPremium && (
                <FormHelperText id="repeat-gate">
                  <Gate text={PREMIUM_GATE} />
                </FormHelperText>
              )}
            </Box>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={awakeCheck}
                    onChange={(e) => toggling !== 'awakeCheck' && void flip('awakeCheck', e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'awake-check-help', 'aria-busy': toggling === 'awakeCheck' } as object }}
                  />
                }
                label="Ask me to press a key once I'm awake"
              />
              <FormHelperText id="awake-check-help">
                A call answered without a key press counts as not woken{isPremium ? ' and is repeated' : ''}.
              </FormHelperText>
            </Box>
            <RingThrough isPlus={isPlus} gate={<Gate text={PLUS_GATE} />} />
            <SecondNumber user={user} isPremium={isPremium} gate={PREMIUM_GATE} />
            <FajrFriends userId={user.id} isPremium={isPremium} gate={PREMIUM_GATE} />
            <Button
              variant="contained"
              size="large"
              // Not disabled while saving: a disabled button drops keyboard focus to the page (issue 44); a second press waits instead.
              onClick={() => !saving && void save()}
              aria-disabled={saving}
              startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : undefined}>
              Save Changes
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
