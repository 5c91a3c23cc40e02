import { useRef, useState } from 'react';
import { type Control, type UseControllerReturn, useController, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PrayerCalcData } from '../../../api/data.api';
import { queryKeys } from '../../../api/query-keys';
import { useAppMutation } from '../../../hooks/useAppMutation';
import { declinePlaceSuggestion } from '../api/settings.api';
import type { Place, SettingsValues } from '../settings-form';

type Timetable = PrayerCalcData['publishedTimetables'][number];
type Suggestion = NonNullable<Place['suggested']>;

interface Input {
  control: Control<SettingsValues>;
  data: PrayerCalcData | null;
  chosenTable: Timetable | null;
  timetableCtl: UseControllerReturn<SettingsValues, 'prayerTimetableId'>;
  isFor(t: Timetable, place: Place | null): boolean;
}

/**
 * The method and rule a picked city suggests: taken at once for a city just picked (unless the user
 * chose their own method), and offered, never applied, where the saved settings differ from it.
 */
export function useMethodSuggestion({ control, data, chosenTable, timetableCtl, isFor }: Input) {
  const { t } = useTranslation('settings');
  const method = useWatch({ control, name: 'prayerCalcMethod' });
  const hlat = useWatch({ control, name: 'prayerCalcHlat' });
  const place = useWatch({ control, name: 'place' });
  const methodCtl = useController({ control, name: 'prayerCalcMethod' });
  const hlatCtl = useController({ control, name: 'prayerCalcHlat' });
  const allTimetables = data?.publishedTimetables ?? [];
  // The method this screen chose for the picked city, and why; a method the user picked themselves is kept.
  const autoChosen = useRef<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const placePicked = (place: Place | null) => {
    // A timetable is its city's: another city drops it (the user may choose that city's own, if any).
    const table = allTimetables.find((table) => table.id === timetableCtl.field.value);
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
    success: () => t('suggestion.kept'),
    onSuccess: (_answer, declined: Suggestion) => setKept(declined),
    invalidates: [queryKeys.currentUser],
  });
  // The place's suggestion where the form holds another method or rule: a saved choice from before the
  // place's default improved (Russia's twilight angle, Canada's Moonsighting Committee), or the user's own.
  // Offered, never applied: nothing changes until the user takes it and saves. Named once the labels are in.
  const suggestion = place?.suggested;
  const offerSuggestion =
    data &&
    !showReason &&
    !chosenTable &&
    suggestion &&
    suggestion !== kept &&
    (method !== suggestion.prayerCalcMethod || hlat !== suggestion.prayerCalcHlat)
      ? suggestion
      : null;
  return { placePicked, takeSuggestion, reason, showReason, offerSuggestion, placeSaved, keep };
}
