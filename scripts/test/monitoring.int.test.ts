import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { loadScriptsConfig, repoRoot } from '../src/config';
import { resolvePromtool } from '../src/lib/promtool';
import { MONITORING, metricNamesIn, monitoringQueries } from '../src/testing/monitoring';

const exec = promisify(execFile);

// Building promtool the first time (go install) takes minutes; later runs find it in the cache.
jest.setTimeout(1_300_000);

const promtool = async (...args: string[]) => {
  const bin = await resolvePromtool(loadScriptsConfig());
  return exec(bin, args, { cwd: path.dirname(MONITORING.alerts) }).catch((e: { stdout: string; stderr: string }) => {
    throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`);
  });
};

describe('monitoring: the alert rules, their tests, the Prometheus config and the dashboard queries (promtool)', () => {
  it('when promtool checks the alert rules and runs their unit tests, then both pass', async () => {
    const check = await promtool('check', 'rules', MONITORING.alerts);
    expect(check.stdout).toContain('SUCCESS: 10 rules found');
    const tests = await promtool('test', 'rules', MONITORING.alertTests);
    expect(tests.stdout).toContain('SUCCESS');
  });

  it('when promtool checks the Prometheus config compose mounts, then it and its rule files are valid', async () => {
    const { stdout } = await promtool('check', 'config', MONITORING.prometheus);
    expect(stdout).toContain('SUCCESS');
  });

  it("when the dashboard's queries are parsed by promtool (as recording rules), then every one is valid PromQL", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fajr-dashboard-'));
    try {
      // Grafana's range variables become fixed ranges: PromQL has no $__range.
      const rules = monitoringQueries()
        .filter((q) => q.where.startsWith('panel'))
        .map(
          (q, i) =>
            `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(q.expr.replace(/\$__range/g, '1h').replace(/\$__rate_interval/g, '1m'))}`,
        );
      const file = path.join(dir, 'dashboard-rules.yml');
      await writeFile(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
      const { stdout } = await promtool('check', 'rules', file);
      expect(stdout).toContain(`SUCCESS: ${rules.length} rules found`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when docker-compose.yml is read, then Prometheus and Grafana mount these files and the dashboard is "This morning\'s calls"', async () => {
    const compose = parse(await readFile(path.join(repoRoot, 'docker-compose.yml'), 'utf8'));
    expect(compose.services.prometheus.volumes).toContain('./monitoring/prometheus:/etc/prometheus:ro');
    expect(compose.services.grafana.volumes).toEqual(
      expect.arrayContaining([
        './monitoring/grafana/provisioning:/etc/grafana/provisioning:ro',
        './monitoring/grafana/dashboards:/var/lib/grafana/dashboards:ro',
      ]),
    );
    expect(compose['x-fajr-env']).toMatchObject({ METRICS_PORT: 9464 });
    const dashboard = JSON.parse(await readFile(MONITORING.dashboard, 'utf8'));
    expect(dashboard.title).toBe("This morning's calls");
    expect(dashboard.panels.map((p: { title: string }) => p.title)).toEqual(
      expect.arrayContaining([
        'Placed',
        'Answered %',
        'Missed % by reason',
        'Failed',
        'Dial lateness p50 / p99',
        'Armed calls and pacer backlog per account',
        'Worker health: pollers on the fajr queue',
      ]),
    );
  });

  it('reads metric names out of PromQL (the worker metrics test holds them against what the processes export)', () => {
    expect(
      metricNamesIn(
        'sum by (le) (rate(a_bucket{kind!="test",x=~"b|c"}[5m])) / scalar(sum(increase(b_total[$__range]))) or vector(0) > 1/60',
      ),
    ).toEqual(['a_bucket', 'b_total']);
  });
});
