import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { renderScreen } from '../test/render';
import { initialLanguage, LANGUAGE_COOKIE } from './detect';
import { i18n, showLanguage } from './i18n';
import { icuFormat } from './icu-format';

function Label() {
  const { t } = useTranslation();
  return <p>{t('languageMenu.label')}</p>;
}

afterEach(async () => {
  await act(() => showLanguage('en'));
});

describe('the language shown', () => {
  it('comes from ?lang= first, then this device, then the browser, else English', () => {
    Object.defineProperty(navigator, 'languages', { value: ['ur-PK', 'en'], configurable: true });
    expect(initialLanguage('')).toBe('ur');
    expect(initialLanguage('?lang=ms-MY')).toBe('ms');
    // ?lang= is remembered as this device's choice.
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=ms`);
    expect(initialLanguage('')).toBe('ms');
    // An unknown code counts as none: never an error, never a key.
    expect(initialLanguage('?lang=xx')).toBe('ms');
    document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
    Object.defineProperty(navigator, 'languages', { value: ['de-DE'], configurable: true });
    expect(initialLanguage('')).toBe('en');
  });

  it('loads only the chosen catalogue, sets <html lang dir>, and mirrors for Arabic', async () => {
    expect(i18n.hasResourceBundle('ar', 'common')).toBe(false);
    await showLanguage('ar');
    expect(i18n.hasResourceBundle('ar', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('bn', 'common')).toBe(false);
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    renderScreen(<Label />);
    expect(screen.getByText('اللغة')).toBeInTheDocument();
    await act(() => showLanguage('fr'));
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('shows English, never keys, when a catalogue fails to load', async () => {
    const failing = jest.spyOn(i18n, 'addResourceBundle').mockImplementation(() => {
      throw new Error('chunk failed to load');
    });
    expect(await showLanguage('tr')).toBe(false);
    failing.mockRestore();
    expect(i18n.language).toBe('en');
    renderScreen(<Label />);
    expect(screen.getByText('Language')).toBeInTheDocument();
  });
});

describe("a plural's number", () => {
  it('is written as Intl writes it: English counts under 1,000 without Intl, the rest through it', () => {
    const parse = (n: number, language: string) =>
      icuFormat.parse('{n, plural, one {# day} other {# days}}', { n }, language);
    expect(parse(1, 'en')).toBe('1 day');
    expect(parse(10, 'en')).toBe('10 days');
    expect(parse(1234, 'en')).toBe('1,234 days');
    expect(parse(2.5, 'en')).toBe('2.5 days');
    expect(parse(1234, 'fr')).toBe(`${new Intl.NumberFormat('fr').format(1234)} days`);
  });
});
