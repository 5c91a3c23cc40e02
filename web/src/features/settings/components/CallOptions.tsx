import { Box, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '@fajr/api/contracts/users.contract';
import type { PrayerCalcData } from '../../../api/data.api';
import { useToast } from '../../../components/toast/ToastProvider';
import { formatNumber } from '../../../lib/numbers';
import { useSession } from '../../../lib/session';
import { JAMAAH_CHANGE_MINUTES } from '../mosque-lead';
import type { SettingsValues } from '../settings-form';
import { AdhaanSelect } from './AdhaanSelect';
import { CallLanguageField } from './CallLanguageField';
import { CallTimeField } from './CallTimeField';
import { FajrFriends } from './FajrFriends';
import { Gate } from './Gate';
import { RingThrough } from './RingThrough';
import { SecondNumber } from './SecondNumber';
import { SunriseCall } from './SunriseCall';
import { TahajjudCall } from './TahajjudCall';
import type { CallToggles, ToggleName } from './useCallToggles';

/**
 * The call switches and preferences below the place tabs: calls on or off, adhaan, call time (and, at a
 * mosque, the evening SMS of its changes), repeats, the last call before sunrise, the awake check, Do Not Disturb, the second number and Fajr friends.
 */
export function CallOptions({
  control,
  data,
  tab,
  user,
  toggles,
}: {
  control: Control<SettingsValues>;
  data: PrayerCalcData | null;
  tab: number;
  user: User;
  toggles: CallToggles;
}) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const { isPlus, isPremium } = useSession();
  const allowCalls = useWatch({ control, name: 'allowCalls' });
  const allowRepeatCalls = useWatch({ control, name: 'allowRepeatCalls' });
  const awakeCheck = useWatch({ control, name: 'awakeCheck' });
  const jamaahChangeSms = useWatch({ control, name: 'jamaahChangeSms' });
  return (
    <>
      <Box>
        <ToggleSwitch name="allowCalls" label={t('callOptions.allowCalls')} checked={allowCalls} toggles={toggles} />
      </Box>
      <Controller
        name="fajrAdhaanId"
        control={control}
        render={({ field }) => (
          <AdhaanSelect
            value={field.value}
            onChange={field.onChange}
            adhaans={data?.fajrAdhaans ?? []}
            disabled={!isPlus}
            helperText={isPlus ? undefined : <Gate plan="plus" />}
          />
        )}
      />
      <CallTimeField control={control} data={data} isPlus={isPlus} atMosque={tab === 1} />
      {tab === 1 && (
        <Box>
          <ToggleSwitch
            name="jamaahChangeSms"
            label={t('callOptions.jamaahChangeSms')}
            checked={jamaahChangeSms}
            toggles={toggles}
            describedBy="jamaah-change-sms-help"
          />
          <FormHelperText id="jamaah-change-sms-help">
            {t('callOptions.jamaahChangeSmsHelp', { minutes: formatNumber(JAMAAH_CHANGE_MINUTES) })}
          </FormHelperText>
        </Box>
      )}
      {/* Saved the moment it is chosen, like the switches (never with Save Changes). */}
      <CallLanguageField value={user.callLanguage} onSaved={() => toast.success(t('callLanguage.saved'))} />
      <Box>
        <ToggleSwitch
          name="allowRepeatCalls"
          label={t('callOptions.repeatCalls')}
          checked={allowRepeatCalls}
          toggles={toggles}
          disabled={!isPremium}
          describedBy={isPremium ? undefined : 'repeat-gate'}
        />
        {!isPremium && (
          <FormHelperText id="repeat-gate">
            <Gate plan="premium" />
          </FormHelperText>
        )}
      </Box>
      <SunriseCall user={user} isPremium={isPremium} />
      <TahajjudCall user={user} isPremium={isPremium} />
      <Box>
        <ToggleSwitch
          name="awakeCheck"
          label={t('callOptions.awakeCheck')}
          checked={awakeCheck}
          toggles={toggles}
          describedBy="awake-check-help"
        />
        <FormHelperText id="awake-check-help">
          {t(isPremium ? 'callOptions.awakeCheckHelpRepeated' : 'callOptions.awakeCheckHelp')}
        </FormHelperText>
      </Box>
      <RingThrough isPlus={isPlus} gate={<Gate plan="plus" />} />
      <SecondNumber user={user} isPremium={isPremium} gate={t('gate.premium')} />
      <FajrFriends userId={user.id} isPremium={isPremium} gate={t('gate.premium')} />
    </>
  );
}

/** One of the switches saved the moment it flips. */
function ToggleSwitch({
  name,
  label,
  checked,
  toggles,
  disabled,
  describedBy,
}: {
  name: ToggleName;
  label: string;
  checked: boolean;
  toggles: CallToggles;
  disabled?: boolean;
  describedBy?: string;
}) {
  const { toggling, flip } = toggles;
  return (
    <FormControlLabel
      control={
        // Never disabled while saving: a disabled switch drops keyboard focus to the page; a flip waits its turn instead.
        <Switch
          checked={checked}
          onChange={(e) => toggling !== name && void flip(name, e.target.checked)}
          disabled={disabled}
          slotProps={{ input: { 'aria-describedby': describedBy, 'aria-busy': toggling === name } as object }}
        />
      }
      label={label}
    />
  );
}
