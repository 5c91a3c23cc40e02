import { catalogueProblems } from '@fajr/activities/i18n/format';
import { CALC_METHODS } from '@fajr/migrations/prayer-calc-methods';
import { LANGUAGES } from '../../contracts/languages.contract';
import { translate } from '../match';
import { DATA_TEXTS, dataText, type DataKey } from './catalogue';
import { callTimeLabelIn, placeReasonIn, sourceLabelIn, timetableLabelIn, zoneLabelIn } from './reference';

const en = DATA_TEXTS.en as Record<DataKey, string>;
const keys = Object.keys(en) as DataKey[];

// Names that stay in Latin letters in Arabic, Urdu and Bengali: websites the descriptions cite by name.
const NAMES = new Set(['Aladhan', 'PrayTimes']);
// Keys whose English is a name in some languages (a label naming its authority, a region): may equal it.
const MAY_BE_NAME = /\.label$|^region\./;

describe('the reference data catalogue', () => {
  it('when any language lacks a key, has one English lacks, or a text does not parse as ICU, then this fails', () => {
    expect(catalogueProblems(DATA_TEXTS)).toEqual([]);
    expect(Object.keys(DATA_TEXTS).sort()).toEqual([...LANGUAGES].sort());
  });

  it("when a method's English words differ from the seed's, then this fails (the seed is the English)", () => {
    for (const m of CALC_METHODS) {
      expect([m.id, en[`method.${m.id}.label` as DataKey]]).toEqual([m.id, m.label]);
      expect([m.id, en[`method.${m.id}.description` as DataKey]]).toEqual([m.id, m.description]);
      const rule = 'ownHighLatRule' in m ? m.ownHighLatRule : undefined;
      expect([m.id, en[`method.${m.id}.ownHighLatRule` as DataKey]]).toEqual([m.id, rule]);
      const checked = 'checkedAgainst' in m ? m.checkedAgainst : undefined;
      expect([m.id, en[`method.${m.id}.checkedAgainst` as DataKey]]).toEqual([m.id, checked]);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'when a %s text that is not a name is the English one, then this fails',
    (l) => {
      const same = keys.filter((k) => !MAY_BE_NAME.test(k) && DATA_TEXTS[l][k] === en[k]);
      expect(same).toEqual([]);
    },
  );

  it.each(['ar', 'ur', 'bn'] as const)('when a %s text holds a Latin word that is not a name, then this fails', (l) => {
    const words = Object.values(DATA_TEXTS[l])
      .map((t) => t!.replace(/\{\w+[},]|\b(plural|few|other)\b/g, ''))
      .flatMap((t) => t.match(/[A-Za-z]+/g) ?? [])
      .filter((w) => !NAMES.has(w));
    expect(words).toEqual([]);
  });

  it('when every text is formatted with sample values in every language, then none fails or leaves a brace', () => {
    const sample = { n: 10, authority: 'A', city: 'C', code: 'Z', state: 'S', where: 'W', from: 'F', to: 'T' };
    for (const l of LANGUAGES) for (const k of keys) expect(dataText(l, k, sample)).not.toMatch(/[{}]/);
  });
});

describe('reference words in a language', () => {
  it('when a call time is shown, then English keeps the title and Arabic counts its minutes', () => {
    expect(callTimeLabelIn('en', '10 minutes after Fajr starts')).toBe('10 minutes after Fajr starts');
    expect(callTimeLabelIn('ar', 'As soon as Fajr starts')).toBe('فور دخول وقت الفجر');
    expect(callTimeLabelIn('ar', '10 minutes after Fajr starts')).toBe('بعد دخول وقت الفجر بـ10 دقائق');
    expect(callTimeLabelIn('ar', '30 minutes after Fajr starts')).toBe('بعد دخول وقت الفجر بـ30 دقيقة');
    expect(callTimeLabelIn('tr', '45 minutes after Fajr starts')).toBe('Sabah namazı vakti girdikten 45 dakika sonra');
    expect(callTimeLabelIn('fr', 'Something else')).toBe('Something else');
  });

  it("when a place's reason is told, then its authority and country are in the language's words", () => {
    expect(placeReasonIn('en', 'JAKIM — used in Malaysia', 'MY')).toBe('JAKIM — used in Malaysia');
    expect(placeReasonIn('ar', 'JAKIM — used in Malaysia', 'MY')).toBe('جاكيم — المعتمدة في ماليزيا');
    expect(placeReasonIn('fr', 'Spiritual Administration of Muslims of Tatarstan — used in Tatarstan, Russia')).toBe(
      'Direction spirituelle des musulmans du Tatarstan — en usage : Tatarstan, Russie',
    );
    expect(
      placeReasonIn('ur', 'Muslim World League — the general default (no national authority listed for Germany)'),
    ).toBe('رابطہ عالم اسلامی — عمومی طے شدہ طریقہ (جرمنی کے لیے کوئی قومی ادارہ درج نہیں)');
    expect(placeReasonIn('bn', 'Muslim World League — the general default (no national authority listed)')).toBe(
      'মুসলিম ওয়ার্ল্ড লীগ — সাধারণ ডিফল্ট (কোনো জাতীয় কর্তৃপক্ষ তালিকাভুক্ত নয়)',
    );
  });

  it('when a zone or a published table is named, then English is as before and other languages keep the names', () => {
    const zone = { code: 'PLS01', state: 'Perlis' };
    expect(zoneLabelIn('en', zone)).toBe('JAKIM zone PLS01 (Perlis)');
    expect(zoneLabelIn('id', zone)).toBe('Zona JAKIM PLS01 (Perlis)');
    const table = { authority: 'Islamiska förbundet', cityName: 'Stockholm', zoneCode: null };
    expect(timetableLabelIn('en', table)).toBe('Islamiska förbundet — published timetable for Stockholm');
    expect(timetableLabelIn('tr', table)).toBe('Islamiska förbundet — Stockholm için yayımlanan vakit cetveli');
    expect(sourceLabelIn('ms', 'JAKIM zone PLS01 (Perlis)')).toBe('Zon JAKIM PLS01 (Perlis)');
    expect(sourceLabelIn('ar', 'Muslim World League')).toBe('رابطة العالم الإسلامي');
    expect(sourceLabelIn('ar', 'East London Mosque')).toBe('East London Mosque');
  });

  it("when a day's note names the user's published table, then the table is named in the language's words", () => {
    const note =
      'Islamiska förbundet — published timetable for Stockholm has no time for this date: Fajr is calculated with your method instead';
    expect(translate(note, 'en')?.text).toBe(note);
    expect(translate(note, 'fr')?.text).toContain('Islamiska förbundet — horaire publié pour Stockholm');
    expect(
      translate('JAKIM zone SGR01 (Selangor) has no Fajr time for this date, so no call is planned', 'ms')?.text,
    ).toContain('Zon JAKIM SGR01 (Selangor)');
  });
});
