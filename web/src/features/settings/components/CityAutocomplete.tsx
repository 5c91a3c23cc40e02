import type { City } from '@fajr/api/contracts/data.contract';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/ToastProvider';
import { errorMessage } from '../../../lib/http';
import { searchCities } from '../api/settings.api';
import type { Place } from '../settings-form';

/** SPEC section 9: suggestions wait for 500 ms of quiet typing. */
export const CITY_DEBOUNCE_MS = 500;

type Option = Place & { key: string };

function toOption(c: City): Option {
  return {
    key: String(c.id),
    cityName: c.name,
    countryName: c.countryName,
    countryCode: c.countryCode,
    lat: c.lat,
    lng: c.lng,
    tzName: c.tzName,
    description: c.description,
    suggested: { prayerCalcMethod: c.prayerCalcMethod, prayerCalcHlat: c.prayerCalcHlat, reason: c.methodReason },
  };
}

/** City autocomplete against GET /data/cities/any?city=, debounced; 'No results found' when nothing matches. */
export function CityAutocomplete({ value, onChange }: { value: Place | null; onChange(place: Place | null): void }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const [input, setInput] = useState(value?.description ?? '');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const text = input.trim();
    if (!text || text === value?.description) {
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    let live = true;
    const timer = setTimeout(() => {
      searchCities(text)
        .then((cities) => live && setOptions(cities.map(toOption)))
        .catch((e: unknown) => {
          if (!live) return;
          setOptions([]);
          toast.error(errorMessage(e));
        })
        .finally(() => live && setLoading(false));
    }, CITY_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input, value?.description, toast]);

  // One object per chosen place: MUI resets the typed text to the value's label whenever the value's
  // identity changes, so a new object each render made a saved city impossible to type over.
  const selected: Option | null = useMemo(() => (value ? { ...value, key: 'selected' } : null), [value]);
  return (
    <Autocomplete<Option>
      id="settings-city"
      options={options}
      value={selected}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      onChange={(_e, option) => {
        if (option && (option.lat === null || option.lng === null || !option.countryCode)) {
          toast.error(t('city.noDetails'));
          return;
        }
        onChange(
          option
            ? {
                cityName: option.cityName,
                countryName: option.countryName,
                countryCode: option.countryCode,
                lat: option.lat,
                lng: option.lng,
                tzName: option.tzName,
                description: option.description,
                suggested: option.suggested,
              }
            : null,
        );
      }}
      getOptionLabel={(o) => o.description}
      getOptionKey={(o) => o.key}
      isOptionEqualToValue={(a, b) => a.description === b.description}
      filterOptions={(x) => x}
      loading={loading}
      noOptionsText={input.trim() ? t('city.noResults') : t('city.startTyping')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('city.label')}
          helperText={t('city.help')}
          slotProps={{
            ...params.slotProps,
            // A place name reads from its own start: in Arabic or Urdu a long Latin name was cut at its beginning.
            htmlInput: { ...params.slotProps.htmlInput, dir: 'auto' },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} aria-label={t('city.searching')} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
