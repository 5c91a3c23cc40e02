import { Card, CardContent, Tab, Tabs } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { PageLoader } from '../../../components/PageLoader';
import { SectionBoundary } from '../../../components/SectionBoundary';
import type { SettingsValues } from '../settings-form';

const HomeTab = lazy(() => import('./HomeTab'));
const MosqueTab = lazy(() => import('./MosqueTab'));

/** Where the user prays Fajr: at home (a city and a method) or at a mosque (its jamaah times), one tab each. */
export function PlaceTabs({
  tab,
  onTab,
  control,
  data,
}: {
  tab: number;
  onTab: (tab: number) => void;
  control: Control<SettingsValues>;
  data: PrayerCalcData | null;
}) {
  const { t } = useTranslation('settings');
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <Tabs value={tab} onChange={(_e, v: number) => onTab(v)} variant="fullWidth" aria-label={t('placeTabs.label')}>
        <Tab label={t('placeTabs.home')} id="settings-tab-0" aria-controls="settings-panel-0" />
        <Tab label={t('placeTabs.mosque')} id="settings-tab-1" aria-controls="settings-panel-1" />
      </Tabs>
      <CardContent role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        <SectionBoundary name="settings-tab">
          <Suspense fallback={<PageLoader />}>
            {tab === 0 ? <HomeTab control={control} data={data} /> : <MosqueTab control={control} data={data} />}
          </Suspense>
        </SectionBoundary>
      </CardContent>
    </Card>
  );
}
