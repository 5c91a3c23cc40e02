import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { formatNumber } from '../../../lib/numbers';
import { MOSQUE_LEAD_CHOICES, type SettingsValues } from '../settings-form';
import { MosqueSelect } from './MosqueSelect';
import { RequestMosqueDialog } from './RequestMosqueDialog';

/** The 'Pray at Mosque' tab: the mosque selector with its address, and 'Can't find your Mosque?'. */
export default function MosqueTab({
  control,
  data,
}: {
  control: Control<SettingsValues>;
  data: PrayerCalcData | null;
}) {
  const { t } = useTranslation('settings');
  const [requestOpen, setRequestOpen] = useState(false);
  const mosques = data?.mosques ?? [];
  const lead = useWatch({ control, name: 'mosqueLeadMinutes' });
  return (
    <Stack spacing={2}>
      <Controller
        name="mosqueId"
        control={control}
        render={({ field }) => (
          <MosqueSelect
            id="settings-mosque"
            mosques={mosques}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            leadMinutes={lead}
          />
        )}
      />
      {/* Issue 46: each member chooses how early before the jama'ah (5 to 60; SPEC's 30 by default). */}
      <Controller
        name="mosqueLeadMinutes"
        control={control}
        render={({ field }) => (
          <TextField
            id="settings-mosque-lead"
            select
            fullWidth
            label={t('mosque.leadLabel')}
            {...field}
            onChange={(e) => field.onChange(Number(e.target.value))}
          >
            {MOSQUE_LEAD_CHOICES.map((m) => (
              <MenuItem key={m} value={m}>
                {t('mosque.leadOption', { minutes: m, shown: formatNumber(m) })}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Button variant="text" onClick={() => setRequestOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('mosque.cantFind')}
      </Button>
      <RequestMosqueDialog open={requestOpen} onClose={() => setRequestOpen(false)} />
    </Stack>
  );
}
