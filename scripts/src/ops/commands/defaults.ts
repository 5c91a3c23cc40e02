// npm run ops -- defaults list: how far an improved place default has reached.
import { placeSuggestion, suggestionKey } from '@fajr/activities/domain/planning/place-defaults';
import { listHomeCityChoices } from '@fajr/activities/repositories/preferences.repository';
import { parse } from '../options';
import { table, type OpsIo } from '../output';
import type { OpsCommand } from './command';

async function defaultsList(io: OpsIo, args: string[]) {
  parse(args, {});
  const groups = new Map<string, { country: string; saved: string; default: string; offered: number; kept: number }>();
  for (const choice of await listHomeCityChoices(io.db)) {
    const current = placeSuggestion(choice, null);
    if (
      !current ||
      (current.prayerCalcMethod === choice.prayerCalcMethod && current.prayerCalcHlat === choice.prayerCalcHlat)
    )
      continue;
    const saved = `${choice.prayerCalcMethod} / ${choice.prayerCalcHlat}`;
    const suggested = `${current.prayerCalcMethod} / ${current.prayerCalcHlat}`;
    const key = `${choice.countryCode} ${saved} ${suggested}`;
    const group = groups.get(key) ?? {
      country: choice.countryCode ?? '',
      saved,
      default: suggested,
      offered: 0,
      kept: 0,
    };
    // Declined is stored for the suggestion the user saw; a default improved since is offered again.
    if (choice.declinedPlaceSuggestion === suggestionKey(current)) group.kept += 1;
    else group.offered += 1;
    groups.set(key, group);
  }
  if (!groups.size) return io.out("Every home-city user's method and rule are their place's default.");
  const rows = [...groups.values()].sort(
    (a, b) => b.offered + b.kept - (a.offered + a.kept) || a.country.localeCompare(b.country),
  );
  for (const line of table(rows)) io.out(line);
}

/** The defaults commands, in the order the usage lists them. */
export const defaultsCommands: OpsCommand[] = [
  {
    name: 'defaults list',
    usage: ['defaults list'],
    help: [
      "Home-city users whose saved method or high-latitude rule differs from their place's default today",
      '(docs/PRAYER-TIMES.md "Defaults that follow the place"), by country and choice: how many are offered',
      'the default in settings, and how many chose to keep their own. Saved choices are never changed',
      'silently; this is how far an improved default has reached.',
    ],
    run: defaultsList,
  },
];
