import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { Button, Card, CardContent, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { User } from '@fajr/api/contracts/users.contract';
import type { PrayerCalcData } from '../../../api/data.api';
import { queryKeys } from '../../../api/query-keys';
import { useToast } from '../../../components/toast/ToastProvider';
import { usePageTitle } from '../../../components/usePageTitle';
import { paths } from '../../../config/paths';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { usePrayerCalc } from '../../../hooks/usePrayerCalc';
import { errorMessage } from '../../../lib/http';
import { takeMosqueChoice } from '../../../lib/mosque-choice';
import { useSession } from '../../../lib/session';
import { saveFajrPrefs } from '../api/settings.api';
import { prefsPayload, valuesFromUser, type SettingsValues } from '../settings-form';
import { CallOptions } from './CallOptions';
import { DatesAndNumbersSection } from './DatesAndNumbersSection';
import { PlaceTabs } from './PlaceTabs';
import { PrayerTimesSourceLine } from './PrayerTimesSourceLine';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { useCallToggles } from './useCallToggles';

export { PLUS_GATE, PREMIUM_GATE } from './Gate';

/** SPEC section 8: a failure to read the lists empties them. */
const NO_LISTS: PrayerCalcData = {
  timezones: [],
  prayerCalcMethods: [],
  publishedTimetables: [],
  prayerCalcHighLats: [],
  mosques: [],
  fajrAdhaans: [],
  fajrCallTimePrefs: [],
};

/** /app/settings: where and how the Fajr time is worked out, the call switches and preferences, Save Changes. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('page.title'));
  const { user } = useSession();
  // The form starts from the signed-in account; a refetch of the same account keeps unsaved edits.
  return user ? <SettingsForm key={user.id} user={user} /> : null;
}

function SettingsForm({ user }: { user: User }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const lists = usePrayerCalc();
  const data = lists.isError ? NO_LISTS : (lists.data ?? null);
  const listsError = lists.error;
  useEffect(() => {
    if (listsError) toast.error(errorMessage(listsError));
  }, [listsError, toast]);
  // A mosque picked on its public page ("get called for this mosque") opens the mosque tab with it chosen, unsaved.
  const [params] = useSearchParams();
  const [picked] = useState(() => takeMosqueChoice(params));
  const [tab, setTab] = useState(() => (picked || user.mosqueId ? 1 : 0));
  const {
    control,
    getValues,
    setValue,
    reset,
    formState: { isDirty },
  } = useForm<SettingsValues>({ defaultValues: valuesFromUser(user) });
  const toggles = useCallToggles(user, setValue);
  useEffect(() => {
    if (picked && picked !== user.mosqueId) setValue('mosqueId', picked, { shouldDirty: true });
  }, [picked, user.mosqueId, setValue]);

  // The schedule and next Fajr change with the preferences.
  const saveMutation = useAppMutation({
    mutationFn: saveFajrPrefs,
    success: () => t('page.saved'),
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
      <SettingsHeader />
      <PrayerTimesSourceLine user={user} data={data} />

      <PlaceTabs tab={tab} onTab={setTab} control={control} data={data} />

      <Card variant="outlined">
        <CardContent>
          <Stack spacing={3}>
            <CallOptions control={control} data={data} tab={tab} user={user} toggles={toggles} />
            <Button
              variant="contained"
              size="large"
              // Not disabled while saving: a disabled button drops keyboard focus to the page (issue 44); a second press waits instead.
              onClick={() => !saving && void save()}
              aria-disabled={saving}
              startIcon={
                saving ? <CircularProgress size={18} color="inherit" aria-label={t('page.saving')} /> : undefined
              }
            >
              {t('page.save')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {/* Saved as each choice is made (on this device, the Hijri adjustment on the account), apart from Save Changes. */}
      <Card variant="outlined" sx={{ mt: 3 }}>
        <CardContent>
          <DatesAndNumbersSection user={user} />
        </CardContent>
      </Card>
    </Container>
  );
}

/** The page's title, with the way to the schedule the settings make. */
function SettingsHeader() {
  const { t } = useTranslation('settings');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
    >
      <Typography variant="h4" component="h1">
        {t('page.heading')}
      </Typography>
      <Button
        component={RouterLink}
        to={paths.schedule}
        variant="outlined"
        startIcon={<CalendarMonthIcon />}
        sx={{ flexShrink: 0 }}
      >
        {t('page.viewSchedule')}
      </Button>
    </Stack>
  );
}
