import { Stack, TextField } from '@mui/material';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { accountLanguageOf, type UiLanguage } from '../i18n/i18n';
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
  /** Sign-in and reset: the field takes an e-mail address too (plain text, the username autofill, not required here). */
  acceptsEmail?: boolean;
  /** Under the country, e.g. that it only matters for numbers without a +. */
  countryHelperText?: string;
  /** Focus the number (or e-mail) field on mount. */
  autoFocus?: boolean;
  /** Sign-up: list only these countries (the ones served); a country outside them asks to choose one. */
  only?: readonly string[] | undefined;
}

/**
 * A phone number as people write it: the country it is read in (the browser's by default,
 * changeable) and a required number field that takes national (`07400 123456`) or international
 * (`+44 7400 123456`) forms.
 */
export function PhoneNumberField({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  country,
  onCountryChange,
  error,
  helperText,
  disabled,
  label,
  acceptsEmail = false,
  countryHelperText,
  autoFocus,
  only,
}: Props) {
  const { t, i18n } = useTranslation();
  // Country names in the language shown (the pseudo-locale reads English ones).
  const language = accountLanguageOf(i18n.language as UiLanguage);
  const countries = useMemo(() => {
    const all = phoneCountries(language);
    return only ? all.filter((c) => only.includes(c.code)) : all;
  }, [only, language]);
  const listed = countries.some((c) => c.code === country);
  // One above the other, each full width: a country's name ("United Kingdom (+44)") is never cut short.
  const countryField = (
    <TextField
      id={`${id}-country`}
      select
      label={t('phoneField.country')}
      value={country}
      onChange={(e) => onCountryChange(e.target.value)}
      disabled={disabled}
      fullWidth
      helperText={countryHelperText}
      slotProps={{ select: { native: true } }}
    >
      {!listed && (
        <option value={country} disabled>
          {t('phoneField.chooseCountry')}
        </option>
      )}
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {t('phoneField.countryOption', { name: c.name, code: c.callingCode })}
        </option>
      ))}
    </TextField>
  );
  const numberField = (
    <TextField
      id={id}
      label={label ?? t('phoneField.phoneNumber')}
      required={!acceptsEmail}
      type={acceptsEmail ? 'text' : 'tel'}
      autoComplete={acceptsEmail ? 'username' : 'tel'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error ?? helperText}
      disabled={disabled}
      autoFocus={autoFocus}
      fullWidth
      // Numbers and addresses read left to right in every language ('+44 7400…' would otherwise reorder in
      // a right-to-left page); a tel field already is.
      slotProps={{ htmlInput: { inputMode: acceptsEmail ? 'text' : 'tel', dir: 'ltr' } }}
    />
  );
  // The country first, everywhere: Tab goes from the number (or e-mail) straight on to the password.
  return (
    <Stack spacing={2}>
      {countryField}
      {numberField}
    </Stack>
  );
}
