import { existsSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createKnex } from '@fajr/migrations';
import { run } from '@fajr/scripts/lib/exec';
import { freePorts } from '@fajr/scripts/lib/ports';
import { LONDON_PREFS } from '@fajr/scripts/testing/fixtures';
import {
  benchEnv,
  fmt,
  machine,
  NODE_TS,
  processSupervisor,
  REPO,
  RESULTS_DIR,
  runBench,
  seedUsers,
  sleep,
  startBenchTemporal,
  startPostgres,
  summary,
  writeResult,
} from './lib';

/**
 * `npm run bench:web`: the landing page's first load and the account page's time to its data, for the web
 * app as built now and as built at BENCH_WEB_BASE (default: the last commit before the message catalogue),
 * in one run against one stack: two API processes, each serving one build, on the same database. Each
 * round opens a fresh browser context (no cache) for each build in turn, alternating which goes first, at a
 * phone's viewport with the CPU slowed 4x (BENCH_WEB_CPU) as a mid-range phone is. BENCH_WEB_RUNS rounds
 * (default 15). The current build is also measured in Arabic (its catalogue chunk loaded before the first
 * paint), which the baseline cannot show.
 */

const BASE_REF = process.env.BENCH_WEB_BASE ?? '328e411';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 15);
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU ?? 4);
const VITE = path.join(REPO, 'node_modules', '.bin', 'vite');

/** Builds the web app of a checkout into bench/results/web-<label>. */
async function build(checkout: string, label: string): Promise<string> {
  const outDir = path.join(RESULTS_DIR, `web-${label}`);
  await run(VITE, ['build', '--outDir', outDir, '--emptyOutDir'], { cwd: path.join(checkout, 'web') });
  return outDir;
}

/** A worktree at BASE_REF sharing this checkout's installed packages. */
async function baselineCheckout(): Promise<string> {
  const dir = path.join('/tmp', `fajr-web-base-${BASE_REF}`);
  if (!existsSync(dir)) await run('git', ['worktree', 'add', '--detach', dir, BASE_REF], { cwd: REPO });
  for (const sub of ['', 'web']) {
    const link = path.join(dir, sub, 'node_modules');
    if (!existsSync(link)) symlinkSync(path.join(REPO, sub, 'node_modules'), link);
  }
  return dir;
}

interface Timing {
  /** First contentful paint, ms from navigation start. */
  fcp: number;
  /** When the page's own content (landing: its h1; account: the plan label, from the API's answers) showed. */
  content: number;
  /** When the app area's chunk and the current user were asked for and arrived (account page), ms. */
  waterfall: Record<string, number>;
}

/** The resources whose start and end the waterfall keeps, by a part of their address. */
const WATERFALL = { chunk: '/assets/app-area-', user: '/api/users/current-user' };

async function measure(
  browser: Browser,
  url: string,
  selector: string,
  init?: { token: string },
  lang?: string,
): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang ?? 'en-GB' });
  // Page-side code as strings: this file is compiled without the DOM's types.
  if (init) await context.addInitScript(`localStorage.setItem('fajr.token', ${JSON.stringify(init.token)})`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // Polls from inside the page, so the time is the page's own clock, not a round trip to this process.
  await page.addInitScript(
    `(() => { const tick = () => { if (document.querySelector(${JSON.stringify(selector)})) window.__contentAt = performance.now(); else requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`,
  );
  await page.goto(url, { waitUntil: 'load' });
  // Functions, not strings: the app's Content-Security-Policy forbids eval. globalThis: no DOM types here.
  await page.waitForFunction(
    () => (globalThis as unknown as { __contentAt?: number }).__contentAt !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  const timing = await page.evaluate((watched) => {
    const g = globalThis as unknown as { __contentAt: number };
    const waterfall: Record<string, number> = {};
    // No DOM types here: a resource entry's responseEnd read through a cast.
    for (const r of performance.getEntriesByType('resource') as unknown as {
      name: string;
      startTime: number;
      responseEnd: number;
    }[])
      for (const [key, part] of Object.entries(watched))
        if (r.name.includes(part)) {
          waterfall[`${key} asked`] = r.startTime;
          waterfall[`${key} in`] = r.responseEnd;
        }
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      content: g.__contentAt,
      waterfall,
    };
  }, WATERFALL);
  await context.close();
  return timing;
}

async function main() {
  const info = machine();
  // Other people's tests share the machine: its load goes with the figures.
  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  const base = await baselineCheckout();
  const [baseDist, headDist] = [await build(base, 'base'), await build(REPO, 'head')];

  const pg = await startPostgres();
  const temporal = await startBenchTemporal('dev', pg, { persist: false });
  const db = createKnex(pg.url, { min: 0, max: 2 });
  const [user] = await seedUsers(db, 1, () => ({ ...LONDON_PREFS }), { prefix: 'web' });
  await db.destroy();

  const ports = (await freePorts(2)) as [number, number];
  const { supervisor, died } = processSupervisor('web-load-bench');
  const builds = [
    { label: 'baseline', dist: baseDist, port: ports[0] },
    { label: 'now', dist: headDist, port: ports[1] },
  ];
  for (const b of builds) {
    const env = benchEnv({
      databaseUrl: pg.url,
      temporalAddress: temporal.address,
      taskQueue: 'bench-web',
      apiPort: b.port,
    });
    supervisor.start({
      name: `api-${b.label}`,
      ...NODE_TS('api/src/server.ts'),
      env: { ...env, PORT: String(b.port), WEB_DIST_DIR: b.dist },
      cwd: REPO,
    });
  }
  for (const b of builds) {
    for (let tries = 0; ; tries++) {
      const d = died();
      if (d) throw new Error(d);
      if (
        await fetch(`http://127.0.0.1:${b.port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (tries > 400) throw new Error(`api-${b.label} did not start`);
      await sleep(300);
    }
  }

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  type Series = { landingFcp: number[]; landing: number[]; accountFcp: number[]; account: number[] };
  const results: Record<string, Series & { waterfall: Record<string, number[]> }> = {};
  const variants = [
    ...builds.map((b) => ({ ...b, lang: undefined as string | undefined })),
    { ...builds[1]!, label: 'now (ar)', lang: 'ar' },
  ];
  for (const v of variants)
    results[v.label] = { landingFcp: [], landing: [], accountFcp: [], account: [], waterfall: {} };
  for (let round = 0; round < RUNS + 1; round++) {
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const v of order) {
      const origin = `http://127.0.0.1:${v.port}`;
      const q = v.lang ? `?lang=${v.lang}` : '';
      const landing = await measure(browser, `${origin}/${q}`, 'h1', undefined, v.lang);
      const account = await measure(
        browser,
        `${origin}/app${q}`,
        '[data-testid="plan-label"]',
        { token: user!.token },
        v.lang,
      );
      // Round 0 warms the servers and the disk cache; it is not counted.
      if (round === 0) continue;
      const r = results[v.label]!;
      r.landingFcp.push(landing.fcp);
      r.landing.push(landing.content);
      r.accountFcp.push(account.fcp);
      r.account.push(account.content);
      for (const [key, at] of Object.entries(account.waterfall)) (r.waterfall[key] ??= []).push(at);
    }
  }
  await browser.close();
  await supervisor.stopAll();

  const p50 = (xs: number[]) => summary(xs).p50;
  const baseline = results.baseline!;
  const lines = [
    `web load, ${RUNS} rounds, 390x844, CPU ${CPU_SLOWDOWN}x slower, baseline ${BASE_REF}; ${info.nproc} cores, load ${loadAtStart} at start, ${os.loadavg()[0]!.toFixed(2)} at the end`,
    '| build | landing FCP p50 | landing h1 p50 | account FCP p50 | account data p50 |',
    '| --- | --- | --- | --- | --- |',
    ...Object.entries(results).map(([label, r]) => {
      const rel = (xs: number[], b: number[]) =>
        label === 'baseline' ? '' : ` (${fmt((p50(xs) / p50(b) - 1) * 100, 1)} %)`;
      return `| ${label} | ${fmt(p50(r.landingFcp), 0)} ms${rel(r.landingFcp, baseline.landingFcp)} | ${fmt(p50(r.landing), 0)} ms${rel(r.landing, baseline.landing)} | ${fmt(p50(r.accountFcp), 0)} ms${rel(r.accountFcp, baseline.accountFcp)} | ${fmt(p50(r.account), 0)} ms${rel(r.account, baseline.account)} |`;
    }),
    '',
    'account page, p50 ms from navigation: when the app area chunk and the current user were asked for and arrived',
    ...Object.entries(results).map(
      ([label, r]) =>
        `| ${label} | ${Object.entries(r.waterfall)
          .map(([key, xs]) => `${key} ${fmt(p50(xs), 0)}`)
          .join(' | ')} |`,
    ),
  ];
  writeResult('web-load', { info, baseRef: BASE_REF, runs: RUNS, cpuSlowdown: CPU_SLOWDOWN, results }, lines);
}

runBench(main);
