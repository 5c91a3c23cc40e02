import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PHONE_COUNTRIES, sharedConfigSchema } from '../config';
import { checkSharedConfig } from '../config-checks';
import { callPrice, capsFor, loadPhoneCosts, smsPrice, unpricedCountries } from './phone-costs';

const table = loadPhoneCosts();

describe('phone cost table: what a text or call to each country costs, and its caps', () => {
  it('has a row, with its source, for every country served by default', () => {
    expect(unpricedCountries(table, DEFAULT_PHONE_COUNTRIES)).toEqual([]);
    for (const row of table.countries) expect(row.source.length).toBeGreaterThan(20);
  });

  it('when a price is known, then it is used; when not, then the fallback is counted', () => {
    expect(smsPrice(table, 'US')).toBe(0.0083);
    expect(smsPrice(table, 'ID')).toBe(table.fallback.smsUsd);
    expect(callPrice(table, 'US', 61)).toBeCloseTo(0.028);
    expect(callPrice(table, 'US', 0)).toBe(0);
    expect(callPrice(table, 'PK', 30)).toBe(table.fallback.voicePerMinuteUsd);
  });

  it("when a country sets its own caps, then they replace the defaults' for that country only", () => {
    expect(capsFor(table, 'GB')).toEqual(table.defaultCaps);
    expect(capsFor(table, 'NG').textsPerCountry).toBeLessThan(table.defaultCaps.textsPerCountry);
    expect(capsFor(table, 'NG').textsPerNumber).toBe(table.defaultCaps.textsPerNumber);
  });

  it('when a served country has no row in the configured table, then the configuration is refused naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'phone-costs-'));
    const file = path.join(dir, 'costs.json');
    writeFileSync(file, JSON.stringify({ ...table, countries: table.countries.filter((r) => r.country !== 'ID') }));
    const cfg = sharedConfigSchema.parse({ DATABASE_URL: 'postgres://x@localhost/x', PHONE_COSTS_FILE: file });
    expect(checkSharedConfig(cfg)).toContain('PHONE_COUNTRIES ID have no row in the phone cost table');
    expect(checkSharedConfig({ ...cfg, PHONE_COSTS_FILE: undefined })).toEqual([]);
  });
});
