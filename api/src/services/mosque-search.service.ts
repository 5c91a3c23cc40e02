import { mosqueJamaahAhead } from '@fajr/activities/repositories/jamaah-rules.repository';
import type { ApiDeps } from '../deps';
import { NotFoundError } from '../errors';

type Deps = Pick<ApiDeps, 'db' | 'now'>;

/** Great-circle kilometres in SQL (haversine), from the point bound as ?, ?. */
const KM = `2 * 6371 * asin(sqrt(power(sin(radians(lat - ?) / 2), 2) + cos(radians(?)) * cos(radians(lat)) * power(sin(radians(lng - ?) / 2), 2)))`;

/** Name and city in lower case, stored per mosque with its trigram index (migration 20261128223000). */
const SEARCH_TEXT = 'search_text';
/** The expression search_text is made of, as its GiST index (near misses, migration 20261128234000) names it. */
const NAME_CITY = `lower(name || ' ' || city_name)`;
/** A near miss shares at least this share of the text's trigrams with one stretch of the name and city. */
const NEAR_MISS = 0.3;
/** How many mosques containing the text are ranked for a page of results (docs/BENCHMARKS-PRODUCT.md). */
const CANDIDATES = 100;
/** A typed text as a LIKE pattern for "contains": its own % and _ match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Whether the trigram index can narrow a LIKE: it needs a run of three letters or digits. */
const indexable = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);
const COLUMNS = ['id', 'name', 'address', 'city_name as cityName', 'country_code as countryCode', 'slug', 'lat', 'lng'];
/** The names COLUMNS gives, as a query over a subquery of them selects them. */
const OUT = ['id', 'name', 'address', 'cityName', 'countryCode', 'slug', 'lat', 'lng'];

/**
 * Mosques offered to users, by name and city (any part, typo-tolerant through trigrams) and/or near a point
 * (within `radiusKm`, nearest first, with distances). At most `limit`.
 *
 * Measured over 50,000 mosques (docs/BENCHMARKS-PRODUCT.md, bench:mosque-search): "contains" or "similar" in
 * one query ranked by similarity read every candidate (a common word matches thousands) and took 0.5-1 s. Now
 * the names containing the text come first, ranked cheaply (where the text starts, then shorter names) among
 * the first CANDIDATES found. When they are fewer than `limit`, the text's words no mosque has are
 * corrected (a typo) and searched again; only when nothing at all is found do the near misses (the most
 * similar first, from the GiST trigram index, 20 ms of Postgres CPU) answer. The candidates are read through the index (`mosques_containing`): given the LIMIT,
 * the planner chose a sequential scan for some texts and read up to the whole table (p99 94-101 ms).
 */
export async function searchMosques(
  deps: Deps,
  q: { text?: string; lat?: number; lng?: number; radiusKm?: number; limit?: number },
) {
  const limit = Math.min(q.limit ?? 20, 50);
  const near = q.lat !== undefined && q.lng !== undefined;
  const base = (n: number) => {
    const query = deps.db('mosques').where({ is_active: true }).select(COLUMNS).limit(n);
    if (q.lat !== undefined && q.lng !== undefined) {
      const { lat, lng } = q;
      const radius = q.radiusKm ?? 50;
      const dLat = radius / 111;
      const dLng = radius / (111 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
      query
        .whereBetween('lat', [lat - dLat, lat + dLat])
        .whereBetween('lng', [lng - dLng, lng + dLng])
        .select(deps.db.raw(`round((${KM})::numeric, 1)::float as "distanceKm"`, [lat, lat, lng]));
    }
    return query;
  };
  const byDistance = <T extends ReturnType<typeof base>>(query: T) =>
    near ? query.orderByRaw(`${KM}`, [q.lat!, q.lat!, q.lng!]) : query;
  if (!q.text) return near ? byDistance(base(limit)) : base(limit).orderBy('name');
  const text = q.text.toLowerCase();
  const found = await containingText(text);
  if (found.length >= limit) return found;
  // A typo ("londn", "masjid al-hoda"): the words no mosque has, corrected to the most similar ones that
  // some have, through "contains" again (GIN, 1-2 ms); ranked after the text as typed.
  const fixed = await correctedWords(deps, text);
  if (fixed !== text) {
    const seen = new Set(found.map((m: { id: string }) => m.id));
    found.push(...(await containingText(fixed)).filter((m: { id: string }) => !seen.has(m.id)));
  }
  if (found.length > 0) return found.slice(0, limit);
  // Near misses no word fixes ("huda masjid bradfrd"): the GiST index hands out the mosques most similar
  // to the text first and stops at the page (17-26 ms of Postgres CPU over 50,000: it reads the whole
  // index; `%` through the GIN index rechecked every name sharing a trigram, 82-100 ms, and found nothing
  // under its 0.3 threshold). A text merely sharing a trigram or two with the nearest names ("xyzq") is
  // no match: at least NEAR_MISS of its trigrams in one stretch of a name and city.
  const nearest = base(limit)
    .select(deps.db.raw(`${SEARCH_TEXT} as "searchText", ${NAME_CITY} <-> ? as "farness"`, [text]))
    .orderByRaw(`${NAME_CITY} <-> ?`, [text])
    .as('nearest');
  return deps.db
    .from(nearest)
    .whereRaw('word_similarity(?, "searchText") >= ?', [text, NEAR_MISS])
    .select(near ? [...OUT, 'distanceKm'] : OUT)
    .orderBy([{ column: 'farness' }, { column: 'name' }]);

  /** The mosques whose name and city contain `typed`, best first (where it starts, then shorter names). */
  async function containingText(typed: string) {
    const pattern = containing(typed);
    // A common word ("masjid", a big city) is in thousands of names: ranking them all read every one (p99
    // 173 ms over 50,000). The first CANDIDATES found are ranked instead; a longer text narrows the set.
    // A text too short for the index ("al") matches densely, so the planner's own scan stops early.
    const candidates = indexable(typed)
      ? deps.db.raw('mosques_containing(?, ?) as mosques', [pattern, CANDIDATES])
      : deps
          .db('mosques')
          .where({ is_active: true })
          .whereRaw(`${SEARCH_TEXT} like ?`, [pattern])
          .limit(CANDIDATES)
          .as('mosques');
    return near
      ? byDistance(base(limit).whereRaw(`${SEARCH_TEXT} like ?`, [pattern]))
      : deps.db
          .from(candidates)
          .select(COLUMNS)
          .orderByRaw(`strpos(${SEARCH_TEXT}, ?), length(name), name`, [typed])
          .limit(limit);
  }
}

/** A mosque's public page: where it is, its coming jama'ah times and how far its own times reach. */
export async function publicMosque(deps: Deps, slug: string) {
  const m = await deps
    .db('mosques')
    .where({ slug, is_active: true })
    .first(
      'id',
      'name',
      'address',
      'city_name as cityName',
      'country_code as countryCode',
      'tz_name as tzName',
      'slug',
    );
  if (!m) throw new NotFoundError('No such mosque');
  const ahead = await mosqueJamaahAhead(deps.db, m.id, deps.now(), 60);
  const rows: { d: string; at: Date }[] = ahead?.hasRules
    ? []
    : await deps
        .db('mosque_fajr_times')
        .where({ mosque_id: m.id })
        .andWhere('local_date', '>=', deps.db.raw('(now() at time zone ?)::date', [m.tzName]))
        .orderBy('local_date')
        .limit(14)
        .select(deps.db.raw("to_char(local_date, 'YYYY-MM-DD') as d"), 'jamaah_at as at');
  const coming = ahead?.hasRules
    ? ahead.days.slice(0, 14).map((d) => ({ date: d.date, jamaahAt: d.jamaahAt }))
    : rows.map((r) => ({ date: r.d, jamaahAt: r.at.toISOString() }));
  const lastListed = ahead?.hasRules
    ? ahead.coveredUntil
    : ((await deps.db('mosque_fajr_times').where({ mosque_id: m.id }).max({ last: 'local_date' }).first())?.last
        ?.toISOString?.()
        .slice(0, 10) ?? null);
  return { ...m, coming, coveredUntil: lastListed };
}

/** How similar a typed word must be to a word mosques have for it to be taken as a typo of it. */
const WORD_FIX = 0.2;

/**
 * The typed text with each word no mosque has (split at spaces; bare numbers kept) replaced by the most
 * similar word some mosque has (mosque_search_words, migration 20261128235000), when one is similar enough.
 */
async function correctedWords(deps: Deps, text: string): Promise<string> {
  const parts = text.split(/(\s+)/);
  const words = [...new Set(parts.filter((w, i) => i % 2 === 0 && w !== '' && !/^[0-9]+$/.test(w)))];
  if (words.length === 0) return text;
  const { rows } = (await deps.db.raw(
    `select w, (select word from mosque_search_words where word <-> w <= ? order by word <-> w limit 1) as fix
       from json_array_elements_text(?::json) as w`,
    [1 - WORD_FIX, JSON.stringify(words)],
  )) as { rows: { w: string; fix: string | null }[] };
  const fix = new Map(rows.map((r) => [r.w, r.fix ?? r.w]));
  return parts.map((p, i) => (i % 2 === 0 ? (fix.get(p) ?? p) : p)).join('');
}
