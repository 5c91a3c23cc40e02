import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `node --import tsx bench/profile-summary.ts <file.cpuprofile>…`: where a V8 CPU profile's time went
 * (BENCH_CPU_PROF=1 writes one per thread of the measured process). Self time per package or source file, then the
 * top functions, so a benchmark's CPU can be split between our code, the SDK, pg and V8's own work.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, one of our files, or V8/Node itself. */
function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const ours = /\/(activities|workflows|worker|api|scripts|migrations)\/src\//.exec(url);
  return ours ? `${ours[1]}/src/${path.basename(url)}` : path.basename(url);
}

function summarize(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const totalUs = [...self.values()].reduce((a, b) => a + b, 0);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const fnKey = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + us);
  }
  const idle = byPlace.get('(idle)') ?? 0;
  const busyUs = totalUs - idle;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
  console.log(
    `\n${path.basename(file)}: ${(totalUs / 1e6).toFixed(1)} s profiled, ${(busyUs / 1e6).toFixed(1)} s busy`,
  );
  for (const [place, us] of top(byPlace, 15))
    console.log(
      `  ${((us / busyUs) * 100).toFixed(1).padStart(5)} %  ${(us / 1e6).toFixed(2).padStart(6)} s  ${place}`,
    );
  console.log('  top functions (self):');
  for (const [fn, us] of top(byFunction, 15)) console.log(`  ${((us / busyUs) * 100).toFixed(1).padStart(5)} %  ${fn}`);
}

for (const file of process.argv.slice(2)) summarize(file);
