/* eslint-disable i18next/no-literal-string -- not yet from the message catalogue (issue 45) */
import { Link, MenuItem, TextField, Typography } from '@mui/material';
import { Controller, type Control, type UseControllerReturn } from 'react-hook-form';
import type { PrayerCalcData } from '../../../api/data.api';
import type { SettingsValues } from '../settings-form';
import { WRAPPING_SELECT_SX } from './SelectWrap';

/** The method picker's value for a published timetable (methods are plain names). */
const TABLE = 'timetable:';
type Method = PrayerCalcData['prayerCalcMethods'][number];
type Timetable = PrayerCalcData['publishedTimetables'][number];

/** Whether the method was held against its authority's own published times (issue 16): said, not implied. */
function checkLine(method: Method): string {
  if (method.checkedAgainst)
    return `Checked against ${method.checkedAgainst}: Fajr within a minute of the published time on at least 95 % of days, never more than 2 minutes off.`;
  if (method.namesAuthority)
    return 'Not yet checked against a timetable this authority publishes (none is in our tests); the times follow the rule above.';
  return 'This method names no authority, so no published timetable can check it; the times follow its stated rule.';
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
            label="Prayer Calculation Method"
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
            {timetables.map((t) => (
              <MenuItem key={t.id} value={`${TABLE}${t.id}`}>
                {t.label}
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
        {chosenTable?.description ??
          methodInfo?.description ??
          'Methods differ in the angle of the sun below the horizon that marks Fajr. Choose the one your community follows.'}
        {reference && (
          <>
            {' '}
            <Link href={reference} target="_blank" rel="noopener noreferrer">
              {chosenTable
                ? 'Where this timetable is published'
                : methodInfo?.namesAuthority === false
                  ? 'Where this method is documented'
                  : 'The authority’s reference'}{' '}
              (opens in a new tab)
            </Link>
          </>
        )}
      </Typography>
      {methodInfo && !chosenTable && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="method-checked">
          {checkLine(methodInfo)}
        </Typography>
      )}
    </div>
  );
}
