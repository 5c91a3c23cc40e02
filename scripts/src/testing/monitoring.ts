import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../config';

/** The monitoring files docker-compose.yml mounts (Prometheus config and rules, Grafana's dashboard). */
export const MONITORING = {
  prometheus: path.join(repoRoot, 'monitoring/prometheus/prometheus.yml'),
  alerts: path.join(repoRoot, 'monitoring/prometheus/alerts.yml'),
  alertTests: path.join(repoRoot, 'monitoring/prometheus/alerts.test.yml'),
  dashboard: path.join(repoRoot, 'monitoring/grafana/dashboards/this-mornings-calls.json'),
};

/** Every PromQL query of the alert rules and the dashboard's panels, named by where it is. */
export function monitoringQueries(): { where: string; expr: string }[] {
  const rules = parse(readFileSync(MONITORING.alerts, 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  const dashboard = JSON.parse(readFileSync(MONITORING.dashboard, 'utf8')) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  return [
    ...rules.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }))),
    ...dashboard.panels.flatMap((p) => p.targets.map((t) => ({ where: `panel "${p.title}"`, expr: t.expr }))),
  ];
}

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);

/** The metric names a PromQL query reads (functions, aggregations, label names and values left out). */
export function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges ($__range, 5m)
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ''); // grouping labels
  const names = new Set<string>();
  for (const m of bare.matchAll(/[a-zA-Z_:][\w:]*/g)) {
    const after = bare.slice(m.index! + m[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(m[0].toLowerCase())) continue;
    names.add(m[0]);
  }
  return [...names];
}
