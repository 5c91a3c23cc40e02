import { CALL_LANGUAGES, CALL_LINES, lineText, speech, URDU_CLIPS } from '../call-speech';

// Issue 46 point 4: "From tomorrow, Fajr jama'ah at Masjid … is at 6:15", in every call language.
describe("the line that tells of tomorrow's jama'ah", () => {
  const change = { line: 'jamaahChange' as const, mosqueName: 'Masjid Bilal', clock: { hour: 6, minute: 15 } };

  it.each(CALL_LANGUAGES)('in %s it names the mosque and the time, in its own words', (language) => {
    const text = lineText(language, change);
    expect(text).toContain('Masjid Bilal');
    expect(text).toMatch(language === 'bn' ? /৬টা ১৫/ : /\b6\b|06/);
    if (language !== 'en') expect(text).not.toContain('From tomorrow');
  });

  it("in English it is the issue's sentence, with the time as the call reads times", () => {
    expect(CALL_LINES.en.jamaahChange('Masjid Bilal', { hour: 6, minute: 15 })).toBe(
      "From tomorrow, Fajr jama'ah at Masjid Bilal is at 6:15 AM.",
    );
  });

  it('in Urdu it is clips (each with its words), the name read by a voice; on the hour, "بجے ہوگی"', () => {
    const parts = speech('ur', 'https://fajr.example', [change]);
    const clips = parts.map((p) => (p.kind === 'play' ? p.url.replace(/.*\/(.*)\.wav$/, '$1') : `say:${p.text}`));
    expect(clips).toEqual([
      'from-tomorrow',
      'say:Masjid Bilal',
      'fajr-jamaah-in',
      'part-subah',
      'number-6',
      'baj-kar',
      'number-15',
      'minutes-will-be',
    ]);
    const onTheHour = speech('ur', '', [{ ...change, clock: { hour: 6, minute: 0 } }]);
    expect(onTheHour.at(-1)).toMatchObject({ kind: 'play', text: URDU_CLIPS.get('baje-will-be') });
    // The clips say what the Urdu line's text says.
    expect(lineText('ur', change)).toBe('کل سے Masjid Bilal میں فجر کی جماعت صبح کے 6 بج کر 15 منٹ پر ہوگی۔');
  });
});
