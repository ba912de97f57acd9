import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { parser } from '@prometheus-io/lezer-promql';
import { Histogram } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Metrics } from '../src/lib/telemetry/metrics.ts';

/**
 * The monitoring that ships with the portal (deploy/monitoring): the Prometheus rules, their copy
 * in the Kubernetes base's PrometheusRule, and the Grafana dashboard.
 *
 * Every PromQL expression (rules and dashboard queries) is parsed by the Prometheus project's own
 * grammar (@prometheus-io/lezer-promql, the parser of Prometheus' web UI), and each metric it
 * names must be one the server registers (its own and prom-client's process metrics, read from a
 * `Metrics` registry), a recording rule of the file, or `up`; each label it matches or groups by
 * must be one of those metrics'. A few type rules the grammar does not enforce are checked too:
 * range vectors only where a range function takes them, `le` kept under histogram_quantile.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface RuleGroup {
  name: string;
  rules: Rule[];
}
interface Target {
  expr?: string;
  refId?: string;
  datasource?: { type?: string; uid?: string };
}
interface Panel {
  id?: number;
  type?: string;
  title?: string;
  datasource?: { type?: string; uid?: string };
  gridPos?: { h?: number; w?: number; x?: number; y?: number };
  targets?: Target[];
  fieldConfig?: { defaults?: { unit?: string } };
  panels?: Panel[];
}
interface Variable {
  name: string;
  type: string;
  query?: string | { query?: string };
  datasource?: { type?: string; uid?: string };
}
interface Dashboard {
  uid?: string;
  title?: string;
  schemaVersion?: number;
  panels?: Panel[];
  templating?: { list?: Variable[] };
}

/** The alerts the portal's operators rely on; each must exist. */
const REQUIRED_ALERTS = [
  'PortalHighErrorRate',
  'PortalHighLatency',
  'PortalJobBacklog',
  'PortalJobsFailing',
  'PortalWebhookDeliveriesFailing',
  'PortalDatabaseDown',
  'PortalDown',
  'PortalTargetDown',
  'PortalDatabasePoolSaturated',
  'PortalDataDirSpaceLow',
  'PortalDataDirSpaceCritical',
  'PortalEventLoopLag',
];

/** Labels every scraped series carries, whatever the scrape configuration. */
const TARGET_LABELS = ['instance', 'job'];
/** Also allowed in `by`/`without`/`on`/`ignoring`: the bucket bound, and the Prometheus Operator's per-pod label the rules drop. */
const GROUPING_LABELS = [...TARGET_LABELS, 'le', 'pod'];
/** Range functions, by the index of their range-vector argument (the grammar's node names). */
const RANGE_FUNCTIONS: ReadonlyMap<string, number> = new Map([
  ...[
    'AbsentOverTime',
    'AvgOverTime',
    'Changes',
    'CountOverTime',
    'Delta',
    'Deriv',
    'DoubleExponentialSmoothing',
    'FirstOverTime',
    'Idelta',
    'Increase',
    'Irate',
    'LastOverTime',
    'MadOverTime',
    'MaxOverTime',
    'MinOverTime',
    'PredictLinear',
    'PresentOverTime',
    'Rate',
    'Resets',
    'StddevOverTime',
    'StdvarOverTime',
    'SumOverTime',
    'TsOfFirstOverTime',
    'TsOfLastOverTime',
    'TsOfMaxOverTime',
    'TsOfMinOverTime',
  ].map((name): [string, number] => [name, 0]),
  ['QuantileOverTime', 1],
]);
/** Grafana's built-in interval variables, which PromQL only takes once Grafana has replaced them. */
const GRAFANA_INTERVALS = /\$(?:__rate_interval|__interval|__range)\b|\$\{(?:__rate_interval|__interval|__range)\}/g;

/** metric name -> its label names (target labels aside) */
type Catalogue = Map<string, ReadonlySet<string>>;
type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

interface Analysis {
  problems: string[];
  /** the metrics (and recording rules) the expression reads */
  metrics: Set<string>;
}

const unquote = (literal: string) => literal.slice(1, -1).replace(/\\(.)/g, '$1');

/** Parses one PromQL expression and answers what is wrong with it against the catalogue. */
function analyse(expr: string, catalogue: Catalogue): Analysis {
  const problems: string[] = [];
  const metrics = new Set<string>();
  const text = (node: { from: number; to: number }) => expr.slice(node.from, node.to);
  const at = (node: { from: number; to: number }) => `at ${node.from}: …${expr.slice(Math.max(0, node.from - 25), node.to + 25)}…`;
  const functionOf = (call: SyntaxNode | null) => call?.getChild('FunctionIdentifier')?.firstChild?.name;
  const argumentsOf = (call: SyntaxNode) => {
    const args: SyntaxNode[] = [];
    for (let arg = call.getChild('FunctionCallBody')?.firstChild ?? null; arg; arg = arg.nextSibling) args.push(arg);
    return args;
  };
  const labelNamesOf = (node: SyntaxNode) => [
    ...node.getChildren('LabelName').map(text),
    ...node.getChildren('QuotedLabelName').map((quoted) => unquote(text(quoted))),
  ];
  const groupings: SyntaxNode[] = [];

  parser.parse(expr).iterate({
    enter: (ref) => {
      const node = ref.node;
      if (ref.type.isError) {
        problems.push(`syntax error ${at(ref)}`);
        return;
      }
      switch (ref.name) {
        case 'StringLiteral': {
          // The grammar accepts a string without its closing quote; Prometheus does not.
          const literal = text(ref);
          if (literal.length < 2 || literal.at(-1) !== literal[0]) problems.push(`unterminated string ${at(ref)}`);
          break;
        }
        case 'VectorSelector': {
          const identifier = node.getChild('Identifier');
          if (!identifier) {
            problems.push(`a selector without a metric name ${at(ref)}`);
            break;
          }
          const name = text(identifier);
          const labels = catalogue.get(name);
          if (!labels) {
            problems.push(`unknown metric ${name}`);
            break;
          }
          metrics.add(name);
          const matchers = node.getChild('LabelMatchers');
          if (matchers?.getChild('QuotedLabelName')) problems.push(`a quoted metric name in ${name}'s matchers`);
          for (const matcher of [
            ...(matchers?.getChildren('UnquotedLabelMatcher') ?? []),
            ...(matchers?.getChildren('QuotedLabelMatcher') ?? []),
          ]) {
            const label = matcher.getChild('LabelName') ?? matcher.getChild('QuotedLabelName');
            const labelName = label?.name === 'QuotedLabelName' ? unquote(text(label)) : label ? text(label) : '';
            if (!labels.has(labelName) && !TARGET_LABELS.includes(labelName) && labelName !== 'le')
              problems.push(`${name} has no label ${labelName} (it has: ${[...labels].join(', ') || 'none'})`);
          }
          break;
        }
        case 'MatrixSelector':
        case 'SubqueryExpr': {
          // A range vector is the argument of a range function, never of anything else.
          const body = node.parent;
          const call = body?.name === 'FunctionCallBody' ? body.parent : null;
          const position = call ? argumentsOf(call).findIndex((arg) => arg.from === ref.from && arg.to === ref.to) : -1;
          const fn = functionOf(call);
          if (!fn || RANGE_FUNCTIONS.get(fn) !== position) problems.push(`a range vector where an instant vector is expected ${at(ref)}`);
          break;
        }
        case 'FunctionCall': {
          const fn = functionOf(node);
          const args = argumentsOf(node);
          const index = fn === undefined ? undefined : RANGE_FUNCTIONS.get(fn);
          if (index !== undefined && !['MatrixSelector', 'SubqueryExpr'].includes(args[index]?.name ?? ''))
            problems.push(`${text(node.getChild('FunctionIdentifier')!)}() takes a range vector ${at(ref)}`);
          if (fn === 'HistogramQuantile') {
            // The buckets must keep their `le` through the aggregation.
            const aggregation = args[1]?.name === 'AggregateExpr' ? args[1] : undefined;
            const modifier = aggregation?.getChild('AggregateModifier');
            const grouping = modifier?.getChild('GroupingLabels');
            if (aggregation && (!modifier || !grouping)) problems.push(`histogram_quantile over an aggregation that drops le ${at(ref)}`);
            else if (modifier && grouping) {
              const keeps = modifier.getChild('By') ? labelNamesOf(grouping).includes('le') : !labelNamesOf(grouping).includes('le');
              if (!keeps) problems.push(`histogram_quantile over an aggregation that drops le ${at(ref)}`);
            }
          }
          break;
        }
        case 'GroupingLabels':
          groupings.push(node);
          break;
      }
    },
  });

  // `by`, `without`, `on`, `ignoring`, group_left/right: labels of the metrics the expression reads.
  const known = new Set([...metrics].flatMap((name) => [...(catalogue.get(name) ?? [])]));
  for (const grouping of groupings) {
    for (const label of labelNamesOf(grouping)) {
      if (!known.has(label) && !GROUPING_LABELS.includes(label))
        problems.push(`no metric of the expression has a label ${label} ${at(grouping)}`);
    }
  }
  return { problems, metrics };
}

/** The labels a rule's result can carry: those of the metrics it reads, and the target's. */
const labelsOfExpression = (analysis: Analysis, catalogue: Catalogue) =>
  new Set([...TARGET_LABELS, ...[...analysis.metrics].flatMap((name) => [...(catalogue.get(name) ?? [])])]);

const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

/** What is wrong with one alerting rule, apart from its expression. */
function alertProblems(rule: Rule, labels: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (!/^[A-Z][A-Za-z0-9]+$/.test(rule.alert ?? '')) problems.push(`alert name ${rule.alert} is not CamelCase`);
  if (typeof rule.for !== 'string' || !DURATION.test(rule.for)) problems.push(`for: ${rule.for}`);
  if (!['critical', 'warning'].includes(rule.labels?.severity ?? '')) problems.push(`severity: ${rule.labels?.severity}`);
  for (const key of ['summary', 'description', 'runbook']) {
    const value = rule.annotations?.[key];
    if (typeof value !== 'string' || value.trim().length < 10) problems.push(`annotations.${key} missing or empty`);
  }
  for (const [key, value] of Object.entries(rule.annotations ?? {})) {
    if ((value.match(/\{\{/g) ?? []).length !== (value.match(/\}\}/g) ?? []).length) problems.push(`annotations.${key}: unbalanced {{ }}`);
    for (const [, label] of value.matchAll(/\$labels\.(\w+)/g))
      if (!labels.has(label!)) problems.push(`annotations.${key} names $labels.${label}, which the expression does not carry`);
  }
  return problems;
}

/** Every panel, those inside collapsed rows included. */
const allPanels = (panels: Panel[] = []): Panel[] => panels.flatMap((panel) => [panel, ...allPanels(panel.panels)]);

/** A dashboard query as Prometheus receives it: Grafana's interval variables replaced. */
const asPromql = (expr: string) => expr.replace(GRAFANA_INTERVALS, '5m');

/** What is wrong with one dashboard panel, apart from its queries. */
function panelProblems(panel: Panel): string[] {
  const problems: string[] = [];
  const { h, w, x, y } = panel.gridPos ?? {};
  if (![h, w, x, y].every((value) => Number.isInteger(value)) || x! < 0 || w! < 1 || x! + w! > 24) problems.push('gridPos');
  if (!panel.title?.trim()) problems.push('no title');
  if (panel.type === 'row') return problems;
  if (!panel.targets?.length) problems.push('no target');
  if (panel.datasource?.uid !== '${datasource}') problems.push(`datasource ${JSON.stringify(panel.datasource)}`);
  for (const target of panel.targets ?? []) {
    if (target.datasource?.uid !== '${datasource}') problems.push(`target ${target.refId} datasource ${JSON.stringify(target.datasource)}`);
    if (!target.expr?.trim()) problems.push(`target ${target.refId} without expr`);
  }
  const refIds = (panel.targets ?? []).map((target) => target.refId);
  if (new Set(refIds).size !== refIds.length) problems.push('duplicate refIds');
  if (['timeseries', 'stat'].includes(panel.type ?? '') && !panel.fieldConfig?.defaults?.unit) problems.push('no unit');
  return problems;
}

const alertsFile = parse(read('deploy/monitoring/alerts.yaml')) as { groups: RuleGroup[] };
const groups = alertsFile.groups;
const rules = groups.flatMap((group) => group.rules);
const recordings = rules.filter((rule) => rule.record !== undefined);
const alerts = rules.filter((rule) => rule.alert !== undefined);
const dashboard = JSON.parse(read('deploy/monitoring/grafana-dashboard.json')) as Dashboard;
const panels = allPanels(dashboard.panels);
const queries = panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr ?? '' })));

let metrics: Metrics;
/** The server's metrics, then `up`, then the recording rules in file order. */
const catalogue: Catalogue = new Map();

beforeAll(async () => {
  // Default metrics on, as the server runs (it starts an event-loop monitor: fine in one file).
  metrics = new Metrics({ defaultMetrics: true });
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    const registered = metrics.registry.getSingleMetric(metric.name);
    // prom-client keeps a metric's declared label names on it (its types do not say so).
    const labels = new Set((registered as unknown as { labelNames?: readonly string[] }).labelNames ?? []);
    if (registered instanceof Histogram) {
      catalogue.set(`${metric.name}_bucket`, new Set([...labels, 'le']));
      catalogue.set(`${metric.name}_sum`, labels);
      catalogue.set(`${metric.name}_count`, labels);
    } else catalogue.set(metric.name, labels);
  }
  catalogue.set('up', new Set());
  for (const rule of recordings) catalogue.set(rule.record!, labelsOfExpression(analyse(rule.expr, catalogue), catalogue));
});

afterAll(() => {
  metrics.registry.clear();
});

describe('PromQL checks (so they really check)', () => {
  it('read the server registry: its own metrics with their labels, histograms as series, the process metrics', () => {
    expect(catalogue.get('portal_job_runs_total')).toEqual(new Set(['kind', 'outcome']));
    expect(catalogue.get('portal_http_request_duration_seconds_bucket')).toEqual(new Set(['method', 'route', 'status', 'le']));
    expect(catalogue.has('portal_http_request_duration_seconds_count')).toBe(true);
    expect(catalogue.has('portal_http_request_duration_seconds')).toBe(false);
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(catalogue.has(name), name).toBe(true);
    expect(catalogue.get('nodejs_gc_duration_seconds_sum')).toEqual(new Set(['kind']));
  });

  it('accept a sound expression', () => {
    expect(
      analyse(
        'histogram_quantile(0.99, sum by (le, route) (rate(portal_http_request_duration_seconds_bucket{status=~"5..", instance=~"a|b"}[5m]))) > 2',
        catalogue,
      ).problems,
    ).toEqual([]);
  });

  it.each([
    ['a missing parenthesis', 'sum(rate(portal_job_runs_total[5m])', /syntax error/],
    ['a missing bracket', 'rate(portal_job_runs_total[5m)', /syntax error/],
    ['a dangling operator', 'sum(rate(portal_job_runs_total[5m])) /', /syntax error/],
    ['an empty matcher value', 'portal_db_up{instance=}', /syntax error/],
    ['an unterminated string', 'portal_job_runs_total{outcome="failed}', /unterminated string|syntax error/],
    [
      'a misspelt metric',
      'rate(portal_http_request_duration_second_count[5m])',
      /unknown metric portal_http_request_duration_second_count/,
    ],
    ['a histogram by its own name', 'portal_http_request_duration_seconds > 1', /unknown metric portal_http_request_duration_seconds$/],
    ['a misspelt label in a matcher', 'portal_job_runs_total{outcom="failed"}', /portal_job_runs_total has no label outcom/],
    ['a label of another metric', 'portal_db_up{kind="x"}', /portal_db_up has no label kind/],
    ['a misspelt label in a grouping', 'max by (kinds) (portal_jobs)', /no metric of the expression has a label kinds/],
    ['rate of an instant vector', 'rate(portal_job_runs_total)', /rate\(\) takes a range vector/],
    ['a range vector in an aggregation', 'sum(portal_job_runs_total[5m])', /a range vector where an instant vector is expected/],
    [
      'a quantile without le',
      'histogram_quantile(0.99, sum by (route) (rate(portal_http_request_duration_seconds_bucket[5m])))',
      /histogram_quantile over an aggregation that drops le/,
    ],
  ])('reject %s', (_what, expr, problem) => {
    const { problems } = analyse(expr, catalogue);
    expect(
      problems.some((found) => problem.test(found)),
      problems.join('\n') || 'no problem found',
    ).toBe(true);
  });

  it('reject an alert without its for, severity or runbook, or naming a label its expression lacks', () => {
    const broken: Rule = {
      alert: 'PortalBroken',
      expr: 'portal_db_up == 0',
      labels: { severity: 'page' },
      annotations: { summary: 'Something is wrong.', description: 'On {{ $labels.kind }}: {{ $value }' },
    };
    const problems = alertProblems(broken, labelsOfExpression(analyse(broken.expr, catalogue), catalogue));
    expect(problems).toEqual([
      'for: undefined',
      'severity: page',
      'annotations.runbook missing or empty',
      'annotations.description: unbalanced {{ }}',
      'annotations.description names $labels.kind, which the expression does not carry',
    ]);
  });

  it('reject a panel on a fixed datasource, without a unit or a query', () => {
    expect(
      panelProblems({
        id: 1,
        type: 'timeseries',
        title: 'x',
        datasource: { type: 'prometheus', uid: 'P1809F7CD0C75ACF3' },
        gridPos: { h: 8, w: 12, x: 18, y: 0 },
      }),
    ).toEqual(['gridPos', 'no target', 'datasource {"type":"prometheus","uid":"P1809F7CD0C75ACF3"}', 'no unit']);
  });
});

describe('deploy/monitoring/alerts.yaml', () => {
  it('parses, and every expression names only metrics and labels that exist', () => {
    const problems = rules.flatMap((rule) =>
      analyse(rule.expr, catalogue).problems.map((problem) => `${rule.alert ?? rule.record}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('names recording rules level:metric:operations, once each, before an alert uses them', () => {
    const names = recordings.map((rule) => rule.record!);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9_]*:[a-z][a-z0-9_]*:[a-z][a-z0-9_]*$/);
    // Recording rules have a group of their own, first: alerts evaluate over fresh results.
    expect(groups[0]!.rules.every((rule) => rule.record !== undefined)).toBe(true);
    expect(groups.slice(1).every((group) => group.rules.every((rule) => rule.alert !== undefined))).toBe(true);
    expect(new Set(groups.map((group) => group.name)).size).toBe(groups.length);
  });

  it('has every required alert, once, each with for, severity, summary, description and runbook', () => {
    const names = alerts.map((rule) => rule.alert!);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(REQUIRED_ALERTS));
    const problems = alerts.flatMap((rule) =>
      alertProblems(rule, labelsOfExpression(analyse(rule.expr, catalogue), catalogue)).map((problem) => `${rule.alert}: ${problem}`),
    );
    expect(problems).toEqual([]);
    // Both severities are in use: the critical ones page, the warnings wait for working hours.
    expect(new Set(alerts.map((rule) => rule.labels?.severity))).toEqual(new Set(['critical', 'warning']));
  });

  it('is the PrometheusRule of the Kubernetes base, valid against the operator schema and picked up like the ServiceMonitor', () => {
    const rule = parse(read('deploy/kubernetes/base/prometheusrule.yaml')) as {
      apiVersion: string;
      kind: string;
      metadata: { name: string; labels?: Record<string, string> };
      spec: { groups: RuleGroup[] };
    };
    expect(rule.spec.groups).toEqual(groups);
    expect(() => new PrometheusRule(rule as never).validate()).not.toThrow();
    const monitor = parse(read('deploy/kubernetes/base/servicemonitor.yaml')) as { metadata: { labels?: Record<string, string> } };
    expect(rule.metadata.labels).toEqual(monitor.metadata.labels);
    const kustomization = parse(read('deploy/kubernetes/base/kustomization.yaml')) as { resources: string[] };
    expect(kustomization.resources).toContain('prometheusrule.yaml');
  });
});

describe('deploy/monitoring/grafana-dashboard.json', () => {
  it('is the game portal dashboard, on a datasource variable and a process variable from the portal metrics', () => {
    expect(dashboard).toMatchObject({ uid: 'game-portal', title: 'Game portal' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const variables = new Map((dashboard.templating?.list ?? []).map((variable) => [variable.name, variable]));
    expect(variables.get('datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    const instance = variables.get('instance');
    expect(instance).toMatchObject({ type: 'query', datasource: { uid: '${datasource}' } });
    const query = typeof instance?.query === 'string' ? instance.query : instance?.query?.query;
    const [, metric, label] = /^label_values\((\w+), *(\w+)\)$/.exec(query ?? '') ?? [];
    expect(catalogue.has(metric!), `${query}`).toBe(true);
    expect(TARGET_LABELS).toContain(label);
  });

  it('has the rows Traffic, Payments, Webhooks, Jobs, Database, Processes and Security', () => {
    const rows = panels.filter((panel) => panel.type === 'row').map((panel) => panel.title);
    expect(rows).toEqual(['Traffic', 'Payments', 'Webhooks', 'Jobs', 'Database', 'Processes', 'Security']);
  });

  it('gives every panel an id of its own, a place, a title, queries on the datasource variable and a unit', () => {
    const ids = panels.map((panel) => panel.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const problems = panels.flatMap((panel) => panelProblems(panel).map((problem) => `${panel.id} ${panel.title}: ${problem}`));
    expect(problems).toEqual([]);
    expect(panels.filter((panel) => panel.type === 'timeseries').length).toBeGreaterThan(10);
    expect(panels.some((panel) => panel.type === 'stat')).toBe(true);
  });

  it('queries parse, and name only metrics and labels that exist and variables it defines', () => {
    expect(queries.length).toBeGreaterThan(20);
    const variables = new Set((dashboard.templating?.list ?? []).map((variable) => variable.name));
    const problems = queries.flatMap(({ panel, expr }) => {
      const found = analyse(asPromql(expr), catalogue).problems;
      for (const [, name] of asPromql(expr).matchAll(/\$\{?(\w+)/g)) if (!variables.has(name!)) found.push(`unknown variable $${name}`);
      return found.map((problem) => `${panel}: ${problem}`);
    });
    expect(problems).toEqual([]);
    // The process metrics are not only the portal's: every query keeps to the chosen processes.
    for (const { panel, expr } of queries)
      if (/\b(process|nodejs)_/.test(expr)) expect(expr, `${panel}`).toContain('instance=~"$instance"');
  });
});
