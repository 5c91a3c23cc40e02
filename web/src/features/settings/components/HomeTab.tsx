import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Link, Stack, Typography } from '@mui/material';
import { Controller, type Control, useController, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { isolated, listOf } from '../bidi-text';
import type { Place, SettingsValues } from '../settings-form';
import { CityAutocomplete } from './CityAutocomplete';
import { HighLatitudeField } from './HighLatitudeField';
import { MethodField } from './MethodField';
import { PlaceSuggestion } from './PlaceSuggestion';
import { PolarConventionField } from './PolarConventionField';
import { useMethodSuggestion } from './useMethodSuggestion';

/** A reference that explains the calculation methods and high-latitude rules. */
export const PRAYER_TIMES_REFERENCE = 'https://praytimes.org/calculation';

type Timetable = PrayerCalcData['publishedTimetables'][number];

/** A published timetable belongs to one city: offered only to users who picked that city. */
function isFor(t: Timetable, place: Place | null): boolean {
  return (
    !!place?.cityName &&
    t.countryCode === place.countryCode?.toUpperCase() &&
    t.cityName.toLowerCase() === place.cityName.toLowerCase()
  );
}

/** The 'Pray at Home' tab: city, and under Advanced Settings the calculation method and high-latitude rule. */
export default function HomeTab({ control, data }: { control: Control<SettingsValues>; data: PrayerCalcData | null }) {
  const { t } = useTranslation('settings');
  const method = useWatch({ control, name: 'prayerCalcMethod' });
  const hlat = useWatch({ control, name: 'prayerCalcHlat' });
  const methods = data?.prayerCalcMethods ?? [];
  const hlats = data?.prayerCalcHighLats ?? [];
  const methodInfo = methods.find((m) => m.name === method);
  const hlatInfo = hlats.find((h) => h.name === hlat);
  const timetableCtl = useController({ control, name: 'prayerTimetableId' });
  const place = useWatch({ control, name: 'place' });
  const timetables = (data?.publishedTimetables ?? []).filter((table) => isFor(table, place));
  const chosenTable = timetables.find((table) => table.id === timetableCtl.field.value) ?? null;
  const { placePicked, takeSuggestion, reason, showReason, offerSuggestion, placeSaved, keep } = useMethodSuggestion({
    control,
    data,
    chosenTable,
    timetableCtl,
    isFor,
  });
  const labelOf = (list: { name: string; label: string }[], name: string) =>
    list.find((x) => x.name === name)?.label ?? name;
  const offered = timetables.length > 0 && !chosenTable ? listOf(timetables.map((table) => table.label)) : null;

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
          {t('homeTab.methodReason', isolated({ reason }))}
        </Typography>
      )}
      {offerSuggestion && (
        <PlaceSuggestion
          cityName={place?.cityName}
          suggestion={offerSuggestion}
          yours={{ method: labelOf(methods, method), hlat: labelOf(hlats, hlat) }}
          suggestedHlat={labelOf(hlats, offerSuggestion.prayerCalcHlat)}
          canKeep={placeSaved}
          keeping={keep.busy}
          onUse={() => takeSuggestion(offerSuggestion)}
          onKeep={() => void keep.run(offerSuggestion)}
        />
      )}
      {offered && (
        <Typography variant="body2" color="text.secondary" data-testid="timetable-offer">
          {t('homeTab.timetableOffer', isolated({ city: place?.cityName, timetables: offered }))}
        </Typography>
      )}
      {chosenTable && (
        <Typography variant="body2" color="text.secondary" data-testid="timetable-chosen">
          {t('homeTab.timetableChosen', isolated({ timetable: chosenTable.label }))}
        </Typography>
      )}
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          aria-controls="advanced-settings"
          id="advanced-settings-header"
        >
          {/* h2: the page's h1 is the only heading above it (axe: heading order). */}
          <Typography component="h2">{t('homeTab.advanced')}</Typography>
        </AccordionSummary>
        <AccordionDetails id="advanced-settings">
          <Stack spacing={3}>
            <MethodField
              control={control}
              methods={methods}
              methodInfo={methodInfo}
              timetables={timetables}
              chosenTable={chosenTable}
              timetableCtl={timetableCtl}
            />
            <HighLatitudeField
              control={control}
              hlats={hlats}
              hlatInfo={hlatInfo}
              ownRule={chosenTable ? null : methodInfo?.ownHighLatRule}
            />
            <PolarConventionField control={control} />
            <Typography variant="body2">
              {/* The tag is <guide>, not <link>: Trans takes an HTML void element's name (link) as empty. */}
              <Trans
                t={t}
                i18nKey="homeTab.learnMore"
                components={{
                  guide: <Link href={PRAYER_TIMES_REFERENCE} target="_blank" rel="noopener noreferrer" />,
                }}
              />
            </Typography>
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
