import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/min';

/** A country a phone number can be from, as the country list shows it. */
export interface PhoneCountry {
  code: CountryCode;
  name: string;
  callingCode: string;
}

/** The country of the browser's locale (en-GB gives GB), to read national numbers in; GB when the locale names none. */
export function browserCountry(
  languages: readonly string[] = navigator.languages?.length ? navigator.languages : [navigator.language],
): CountryCode {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && isSupportedCountry(region)) return region;
    } catch {
      // A tag the browser made up: try the next.
    }
  }
  return 'GB';
}

const countriesByLanguage = new Map<string, PhoneCountry[]>();

/**
 * Every country libphonenumber knows, with its calling code, named and sorted in `language` (the
 * browser's own CLDR names; English by default and wherever the language is unknown).
 */
export function phoneCountries(language = 'en'): PhoneCountry[] {
  const known = countriesByLanguage.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  const countries = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  countriesByLanguage.set(language, countries);
  return countries;
}

/** A stored (E.164) number as people write it: `+44 7400 123456`; as stored when it does not parse. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
