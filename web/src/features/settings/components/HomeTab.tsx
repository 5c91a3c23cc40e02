import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { Controller, type Control, useController, useFormState, useWatch } from 'react-hook-form';
import type { PrayerCalcData } from '../../../api/data.api';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { declinePlaceSuggestion } from '../api/settings.api';
import { POLAR_CONVENTION_LABELS, type Place, type PolarConvention, type SettingsValues } from '../settings-form';
import { CityAutocomplete } from './CityAutocomplete';

/** A reference that explains the calculation methods and high-latitude rules. */
export const PRAYER_TIMES_REFERENCE = 'https://praytimes.org/calculation';

/** The method picker's value for a published timetable (methods are plain names). */
const TABLE = 'timetable:';
type Timetable = PrayerCalcData['publishedTimetables'][number];
type Suggestion = NonNullable<Place['suggested']>;

/** A published timetable belongs to one city: offered only to users who picked that city. */
function isFor(t: Timetable, place: Place | null): boolean {
  return !!place?.cityName && t.countryCode === place.countryCode?.toUpperCase() && t.cityName.toLowerCase() === place.cityName.toLowerCase();
}

/** Whether the method was held against its authority's own published times (issue 16): said, not implied. */
function checkLine(method: PrayerCalcData['prayerCalcMethods'][number]): string {
  if (method.checkedAgainst) return `Checked against ${method.checkedAgainst}: Fajr within a minute of the published time on at least 95 % of days, never more than 2 minutes off.`;
  if (method.namesAuthority) return 'Not yet checked against a timetable this authority publishes (none is in our tests); the times follow the rule above.';
  return 'This method names no authority, so no published timetable can check it; the times follow its stated rule.';
}

/** The 'Pray at Home' tab: city, and under Advanced Settings the calculation method and high-latitude rule. */
export default function HomeTab({ control, data }: { control: Control<SettingsValues>; data: PrayerCalcData | null }) {
  const method = useWatch({ control, name: 'prayerCalcMethod' });
  const hlat = useWatch({ control, name: 'prayerCalcHlat' });
  const methods = data?.prayerCalcMethods ?? [];
  const hlats = data?.prayerCalcHighLats ?? [];
  const methodInfo = methods.find((m) => m.name === method);
  const hlatInfo = hlats.find((h) => h.name === hlat);
  const methodCtl = useController({ control, name: 'prayerCalcMethod' });
  const hlatCtl = useController({ control, name: 'prayerCalcHlat' });
  const timetableCtl = useController({ control, name: 'prayerTimetableId' });
  const place = useWatch({ control, name: 'place' });
  const allTimetables = data?.publishedTimetables ?? [];
  const timetables = allTimetables.filter((t) => isFor(t, place));
  const chosenTable = timetables.find((t) => t.id === timetableCtl.field.value) ?? null;
  const reference = chosenTable ? chosenTable.reference : (methodInfo?.reference ?? null);
  // The method this screen chose for the picked city, and why; a method the user picked themselves is kept.
  const autoChosen = useRef<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const placePicked = (place: Place | null) => {
    // A timetable is its city's: another city drops it (the user may choose that city's own, if any).
    const table = allTimetables.find((t) => t.id === timetableCtl.field.value);
    if (timetableCtl.field.value && !(table && isFor(table, place))) timetableCtl.field.onChange(null);
    const userChose = methodCtl.fieldState.isDirty && methodCtl.field.value !== autoChosen.current;
    if (place?.suggested && !userChose) takeSuggestion(place.suggested);
  };
  const takeSuggestion = (suggested: Suggestion) => {
    methodCtl.field.onChange(suggested.prayerCalcMethod);
    hlatCtl.field.onChange(suggested.prayerCalcHlat);
    autoChosen.current = suggested.prayerCalcMethod;
    setReason(suggested.reason);
  };
  const showReason = reason !== null && method === autoChosen.current && !chosenTable;
  // Keeping one's own settings is asked of the saved city only (the server remembers it; an unsaved pick is
  // still a question the save answers), and hides the offer below until the suggestion changes.
  const placeSaved = !useFormState({ control, name: 'place' }).dirtyFields.place;
  const [kept, setKept] = useState<Suggestion | null>(null);
  const keep = useAppMutation({
    mutationFn: declinePlaceSuggestion,
    success: 'Kept your settings',
    onSuccess: (_answer, declined: Suggestion) => setKept(declined),
    invalidates: [queryKeys.currentUser],
  });
  // The place's suggestion where the form holds another method or rule: a saved choice from before the
  // place's default improved (Russia's twilight angle, Canada's Moonsighting Committee), or the user's own.
  // Offered, never applied: nothing changes until the user takes it and saves. Named once the labels are in.
  const suggestion = place?.suggested;
  const offerSuggestion =
    data && !showReason && !chosenTable && suggestion && suggestion !== kept && (method !== suggestion.prayerCalcMethod || hlat !== suggestion.prayerCalcHlat) ? suggestion : null;
  const labelOf = (list: { name: string; label: string }[], name: string) => list.find((x) => x.name === name)?.label ?? name;
  const offered = timetables.length > 0 && !chosenTable ? timetables.map((t) => t.label).join(', ') : null;

  return (
    <Stack spacing={2}>
      <Controller
        name="place"
        control={control}
        render={({ field }) => (
          <CityAutocomplete
            value={field.value}
            onChange={(place) => {
              field.onChange(place);
              placePicked(place);
            }}
          />
        )}
      />
      {showReason && (
        <Typography variant="body2" color="text.secondary" data-testid="method-reason">
          Calculation method: {reason}. You can change it under Advanced Settings.
        </Typography>
      )}
      {offerSuggestion && (
        // The button under the words, not beside them (MUI's action slot): a phone's column is too narrow for both.
        <Alert severity="info" data-testid="method-suggestion">
          Suggested for {place?.cityName}: {offerSuggestion.reason}, with the high latitude rule {labelOf(hlats, offerSuggestion.prayerCalcHlat)}. Your
          settings: {labelOf(methods, method)} with {labelOf(hlats, hlat)}.
          <Box sx={{ mt: 1 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button color="inherit" variant="outlined" size="small" onClick={() => takeSuggestion(offerSuggestion)}>
                Use suggestion
              </Button>
              {placeSaved && (
                <Button color="inherit" size="small" disabled={keep.busy} onClick={() => void keep.run(offerSuggestion)}>
                  Keep my settings
                </Button>
              )}
            </Stack>
          </Box>
        </Alert>
      )}
      {offered && (
        <Typography variant="body2" color="text.secondary" data-testid="timetable-offer">
          Also available for {place?.cityName}: {offered}. Choose it under Advanced Settings, Prayer Calculation Method.
        </Typography>
      )}
      {chosenTable && (
        <Typography variant="body2" color="text.secondary" data-testid="timetable-chosen">
          Fajr times: {chosenTable.label}, used exactly as published.
        </Typography>
      )}
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="advanced-settings" id="advanced-settings-header">
          {/* h2: the page's h1 is the only heading above it (axe: heading order). */}
          <Typography component="h2">Advanced Settings</Typography>
        </AccordionSummary>
        <AccordionDetails id="advanced-settings">
          <Stack spacing={3}>
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
                    {...field}
                    value={chosenTable ? `${TABLE}${chosenTable.id}` : methods.some((m) => m.name === field.value) ? field.value : ''}
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
                      {chosenTable ? 'Where this timetable is published' : methodInfo?.namesAuthority === false ? 'Where this method is documented' : 'The authority’s reference'} (opens in a new tab)
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
            <div>
              <Controller
                name="prayerCalcHlat"
                control={control}
                render={({ field }) => (
                  <TextField id="settings-hlat" select fullWidth label="High Latitude Rule" {...field} value={hlats.some((h) => h.name === field.value) ? field.value : ''}>
                    {hlats.map((h) => (
                      <MenuItem key={h.name} value={h.name}>
                        {h.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {hlatInfo?.description ??
                  'Far from the equator the sun may not sink far enough for the usual Fajr angle in summer; this rule decides how Fajr is estimated then.'}
              </Typography>
              {!chosenTable && methodInfo?.ownHighLatRule && (
                <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="own-hlat-rule">
                  Not used with this method: its Fajr follows {methodInfo.ownHighLatRule}
                </Typography>
              )}
            </div>
            <div>
              <Controller
                name="polarConvention"
                control={control}
                render={({ field }) => (
                  <TextField id="settings-polar" select fullWidth label="When the sun does not rise or set" {...field}>
                    {(Object.keys(POLAR_CONVENTION_LABELS) as PolarConvention[]).map((c) => (
                      <MenuItem key={c} value={c}>
                        {POLAR_CONVENTION_LABELS[c]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Near the poles some days have no sunrise or no night, so no Fajr time can be calculated. Choose the rule your community follows on
                those days; your schedule names it on every day it is used.
              </Typography>
            </div>
            <Typography variant="body2">
              Learn more about{' '}
              <Link href={PRAYER_TIMES_REFERENCE} target="_blank" rel="noopener noreferrer">
                how prayer times are calculated (opens in a new tab)
              </Link>
              .
            </Typography>
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
