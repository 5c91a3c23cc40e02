import { LANGUAGE_NAMES } from '@fajr/api/contracts/languages';
import type { User } from '@fajr/api/contracts/users.contract';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { useDisplayPrefs } from '../../../hooks/useDisplayPrefs';
import { clampOffset, formatHijri, HIJRI_OFFSETS } from '../../../lib/hijri';
import {
  DIGITS,
  formatLanguage,
  formatNumber,
  HOUR_CYCLES,
  isolate,
  saveDisplayPrefs,
  type DisplayPrefs,
} from '../../../lib/numbers';
import { formatTime, localDateIn } from '../../../lib/time';
import { saveHijriOffset } from '../api/display-prefs.api';

/** The time every example shows: 5:41 in the morning and 17:41 (so 12- and 24-hour differ visibly). */
const EXAMPLE_MORNING = '2026-01-15T05:41:00Z';
const HOUR_KEYS = { auto: 'hourCycleAuto', h12: 'hourCycle12', h23: 'hourCycle24' } as const;
const DIGIT_KEYS = {
  latn: 'digitsLatn',
  arab: 'digitsArab',
  arabext: 'digitsArabext',
  beng: 'digitsBeng',
} as const;

/** The ten digits in a numbering system: '0123456789', '٠١٢٣٤٥٦٧٨٩', '০১২৩৪৫৬৭৮৯'. */
const tenDigits = (digits: string) =>
  Array.from({ length: 10 }, (_v, i) => new Intl.NumberFormat(`en-u-nu-${digits}`).format(i)).join('');

/**
 * Settings' "Dates and numbers": the hour cycle and the digits (kept on this device, like the colour
 * mode) and the Hijri date adjustment (kept on the account: PUT /users/hijri-offset). Every example is
 * written as it would be shown.
 */
export function DatesAndNumbersSection({ user }: { user: User }) {
  const { t } = useTranslation('schedule');
  const prefs = useDisplayPrefs();
  const queryClient = useQueryClient();
  const language = LANGUAGE_NAMES[formatLanguage()];
  const save = useAppMutation({
    mutationFn: saveHijriOffset,
    success: t('datesAndNumbers.saved'),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.currentUser, saved),
  });
  const offset = clampOffset(save.busy ? save.variables : user.hijriOffset);
  const today = localDateIn(new Date().toISOString(), user.callTzName ?? user.tzName);
  const change = (next: Partial<DisplayPrefs>) => saveDisplayPrefs({ ...prefs, ...next });
  const offsetLabel = (o: number) =>
    o === 0
      ? t('datesAndNumbers.hijriOffsetNone')
      : t('datesAndNumbers.hijriOffsetDays', {
          count: Math.abs(o),
          signed: isolate(`${o > 0 ? '+' : '\u2212'}${formatNumber(Math.abs(o))}`),
        });
  return (
    <Box component="section" aria-labelledby="dates-and-numbers-title" data-testid="dates-and-numbers">
      <Typography id="dates-and-numbers-title" variant="h6" component="h2">
        {t('datesAndNumbers.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('datesAndNumbers.intro')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label={t('datesAndNumbers.hourCycle')}
          value={prefs.hourCycle}
          onChange={(e) => change({ hourCycle: e.target.value as DisplayPrefs['hourCycle'] })}
        >
          {HOUR_CYCLES.map((h) => (
            <MenuItem key={h} value={h}>
              {t(`datesAndNumbers.${HOUR_KEYS[h]}`, {
                language,
                example: isolate(formatTime(EXAMPLE_MORNING, 'UTC', { ...prefs, hourCycle: h })),
              })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('datesAndNumbers.digits')}
          value={prefs.digits}
          onChange={(e) => change({ digits: e.target.value as DisplayPrefs['digits'] })}
        >
          <MenuItem value="auto">
            {t('datesAndNumbers.digitsAuto', {
              language,
              example: isolate(formatTime(EXAMPLE_MORNING, 'UTC', { ...prefs, digits: 'auto' })),
            })}
          </MenuItem>
          {DIGITS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`datesAndNumbers.${DIGIT_KEYS[d]}`, { example: isolate(tenDigits(d)) })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('datesAndNumbers.hijriOffset')}
          value={offset}
          disabled={save.busy}
          onChange={(e) => void save.run(Number(e.target.value))}
          helperText={t('datesAndNumbers.hijriOffsetHelp', { date: formatHijri(today, offset) ?? '' })}
        >
          {HIJRI_OFFSETS.map((o) => (
            <MenuItem key={o} value={o}>
              {offsetLabel(o)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Box>
  );
}
