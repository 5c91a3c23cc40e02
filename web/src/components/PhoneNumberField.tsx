import { Stack, TextField } from '@mui/material';
import { useMemo, type Ref } from 'react';
import { phoneCountries } from '../lib/phone';

interface Props {
  /** Prefix of the two fields' ids. */
  id: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  inputRef?: Ref<HTMLInputElement>;
  country: string;
  onCountryChange(country: string): void;
  error?: string | undefined;
  helperText?: string;
  disabled?: boolean;
  label?: string;
}

/**
 * A phone number as people write it: the country it is read in (the browser's by default,
 * changeable) beside a required number field that takes national (`07400 123456`) or international
 * (`+44 7400 123456`) forms.
 */
export function PhoneNumberField({ id, value, onChange, onBlur, inputRef, country, onCountryChange, error, helperText, disabled, label = 'Phone Number' }: Props) {
  const countries = useMemo(phoneCountries, []);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={`${id}-country`}
        select
        label="Country"
        value={country}
        onChange={(e) => onCountryChange(e.target.value)}
        disabled={disabled}
        sx={{ width: 120, flexShrink: 0 }}
        slotProps={{ select: { native: true } }}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} (+{c.callingCode})
          </option>
        ))}
      </TextField>
      <TextField
        id={id}
        label={label}
        required
        type="tel"
        autoComplete="tel"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        inputRef={inputRef}
        error={Boolean(error)}
        helperText={error ?? helperText}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
    </Stack>
  );
}
