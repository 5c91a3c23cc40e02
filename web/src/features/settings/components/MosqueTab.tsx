import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import type { SettingsValues } from '../settings-form';
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
          />
        )}
      />
      <Button variant="text" onClick={() => setRequestOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('mosque.cantFind')}
      </Button>
      <RequestMosqueDialog open={requestOpen} onClose={() => setRequestOpen(false)} />
    </Stack>
  );
}
