import { Link, MenuItem, TextField, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { Controller, type Control, type UseControllerReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { formatNumber } from '../../../lib/numbers';
import { isolated } from '../bidi-text';
import type { SettingsValues } from '../settings-form';
import { WRAPPING_SELECT_SX } from './SelectWrap';

/** The method picker's value for a published timetable (methods are plain names). */
const TABLE = 'timetable:';
type Method = PrayerCalcData['prayerCalcMethods'][number];
type Timetable = PrayerCalcData['publishedTimetables'][number];

/** What "checked against" promises (issue 16): Fajr within a minute on this share of days, never further off than this. */
const CHECK_SHARE_PERCENT = 95;
const CHECK_LIMIT_MINUTES = 2;

/** Whether the method was held against its authority's own published times (issue 16): said, not implied. */
function checkLine(method: Method, t: TFunction<'settings'>): string {
  if (method.checkedAgainst)
    return t('method.checked', {
      ...isolated({ authority: method.checkedAgainst }),
      percent: formatNumber(CHECK_SHARE_PERCENT),
      limit: CHECK_LIMIT_MINUTES,
      limitShown: formatNumber(CHECK_LIMIT_MINUTES),
    });
  if (method.namesAuthority) return t('method.notChecked');
  return t('method.noAuthority');
}

interface Props {
  control: Control<SettingsValues>;
  methods: Method[];
  methodInfo?: Method;
  /** The city's published timetables (offered first) and the one chosen, if any. */
  timetables: Timetable[];
  chosenTable: Timetable | null;
  timetableCtl: UseControllerReturn<SettingsValues, 'prayerTimetableId'>;
}

/** The prayer calculation method, or one of the city's published timetables instead, with its description and reference. */
export function MethodField({ control, methods, methodInfo, timetables, chosenTable, timetableCtl }: Props) {
  const { t } = useTranslation('settings');
  const reference = chosenTable ? chosenTable.reference : (methodInfo?.reference ?? null);
  return (
    <div>
      <Controller
        name="prayerCalcMethod"
        control={control}
        render={({ field }) => (
          <TextField
            id="settings-method"
            select
            fullWidth
            label={t('method.label')}
            sx={WRAPPING_SELECT_SX}
            {...field}
            value={
              chosenTable ? `${TABLE}${chosenTable.id}` : methods.some((m) => m.name === field.value) ? field.value : ''
            }
            onChange={(e) => {
              const v = e.target.value;
              if (v.startsWith(TABLE)) return timetableCtl.field.onChange(v.slice(TABLE.length));
              timetableCtl.field.onChange(null);
              field.onChange(v);
            }}
          >
            {/* The city's published timetables first; their labels say what they are (MUI would announce group headers as options). */}
            {timetables.map((table) => (
              <MenuItem key={table.id} value={`${TABLE}${table.id}`}>
                {table.label}
              </MenuItem>
            ))}
            {methods.map((m) => (
              <MenuItem key={m.name} value={m.name}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="method-description">
        {chosenTable?.description ?? methodInfo?.description ?? t('method.defaultDescription')}
        {reference && (
          <>
            {' '}
            <Link href={reference} target="_blank" rel="noopener noreferrer">
              {chosenTable
                ? t('method.timetableReference')
                : methodInfo?.namesAuthority === false
                  ? t('method.methodDocumented')
                  : t('method.authorityReference')}
            </Link>
          </>
        )}
      </Typography>
      {methodInfo && !chosenTable && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="method-checked">
          {checkLine(methodInfo, t)}
        </Typography>
      )}
    </div>
  );
}
