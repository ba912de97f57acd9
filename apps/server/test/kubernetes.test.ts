import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import { Job } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import { Secret } from 'kubernetes-models/v1/Secret';
import type { IService } from 'kubernetes-models/v1/Service';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import type { IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, productionWarnings, type AppConfig } from '../src/config.ts';
import { loadKeyStore } from '../src/integrations/tokens/key-store.ts';

/**
 * The Kubernetes manifests (deploy/kubernetes: a Kustomize base and its overlays), rendered by
 * `kubectl kustomize` exactly as `kubectl apply -k` would render them, then checked:
 *
 * - every document against the Kubernetes JSON schemas of kubernetes-models 5.1.0, generated from
 *   Kubernetes v1.36.0's OpenAPI spec (merged with older releases' specs for removed API versions,
 *   so a schema here does not prove a version is still served), and ServiceMonitor/PrometheusRule
 *   against @kubernetes-models/prometheus-operator 6.0.0 (prometheus-operator v0.91.0). The schemas
 *   catch wrong types, missing required fields and bad formats; they let unknown fields pass, which
 *   is why the structure the product relies on is asserted field by field below;
 * - the rendered ConfigMap and Secret loaded by the server's own configuration in production mode;
 * - probes, the shutdown arithmetic, the migrate Job, and how the objects refer to each other.
 *
 * The operator's secrets.env is never read: the tree is copied to a temporary folder and each
 * overlay renders with its committed secrets.env.example. kubectl comes from PATH or KUBECTL;
 * without it these checks fail (SKIP_KUBECTL=1 skips them, with a warning).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE = path.join(ROOT, 'deploy/kubernetes');
const KUBECTL = process.env.KUBECTL || 'kubectl';
const SKIP = process.env.SKIP_KUBECTL === '1';
if (SKIP) console.warn('SKIP_KUBECTL=1: the Kubernetes manifests in deploy/kubernetes are NOT rendered nor checked');

type Labels = Record<string, string>;
type Manifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels } };
type Validatable = new (data: never) => { validate(): void };

/** apiVersion/kind -> its model; a kind missing here fails the test instead of passing unchecked. */
const MODELS: ReadonlyMap<string, Validatable> = new Map<string, Validatable>([
  ['v1/Namespace', Namespace],
  ['v1/ServiceAccount', ServiceAccount],
  ['v1/ConfigMap', ConfigMap],
  ['v1/Secret', Secret],
  ['v1/Service', Service],
  ['apps/v1/Deployment', Deployment],
  ['batch/v1/Job', Job],
  ['autoscaling/v2/HorizontalPodAutoscaler', HorizontalPodAutoscaler],
  ['policy/v1/PodDisruptionBudget', PodDisruptionBudget],
  ['networking.k8s.io/v1/Ingress', Ingress],
  ['networking.k8s.io/v1/NetworkPolicy', NetworkPolicy],
  ['monitoring.coreos.com/v1/ServiceMonitor', ServiceMonitor],
  ['monitoring.coreos.com/v1/PrometheusRule', PrometheusRule],
]);

function validate(doc: Manifest): void {
  const Model = MODELS.get(`${doc.apiVersion}/${doc.kind}`);
  if (!Model) throw new Error(`${doc.apiVersion} ${doc.kind} ${doc.metadata.name}: no schema model for this kind (add it to MODELS)`);
  // Kustomize wraps a long Secret value's base64 over several lines; the API server's decoder
  // (Go's encoding/base64) skips line breaks, the schema's "byte" format does not: unwrap first.
  const data = (doc as ISecret).data;
  const checked = doc.kind === 'Secret' && data ? { ...doc, data: unwrapped(data) } : doc;
  try {
    new Model(checked as never).validate();
  } catch (error) {
    throw new Error(`${doc.kind} ${doc.metadata.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function kustomize(dir: string): Manifest[] {
  const result = spawnSync(KUBECTL, ['kustomize', dir], { encoding: 'utf8', timeout: 60_000 });
  if (result.error) {
    throw new Error(
      `cannot run "${KUBECTL}" (${result.error.message}): install kubectl (it bundles Kustomize) or set KUBECTL to its path; SKIP_KUBECTL=1 skips these checks`,
    );
  }
  if (result.status !== 0) throw new Error(`${KUBECTL} kustomize ${path.relative(workDir, dir)} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((document) => {
    if (document.errors.length > 0) throw document.errors[0]!;
    return document.toJS() as Manifest;
  });
}

const matches = (selector: Labels | undefined, labels: Labels | undefined): boolean =>
  selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

function only<T>(docs: Manifest[], kind: string): T & Manifest {
  const found = docs.filter((doc) => doc.kind === kind);
  expect(
    found.map((doc) => doc.metadata.name),
    kind,
  ).toHaveLength(1);
  return found[0] as T & Manifest;
}

const unwrapped = (data: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value.replace(/\s/g, '')]));

const decode = (data: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(unwrapped(data ?? {})).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]));

const envFile = (text: string): Array<[string, string]> =>
  text
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);

let workDir = '';
const overlays = existsSync(path.join(SOURCE, 'overlays')) ? readdirSync(path.join(SOURCE, 'overlays')).sort() : [];
const rendered = new Map<string, Manifest[]>();
/** the production overlay rendered with freshly generated keys in secrets.env, as an operator fills it */
let withRealKeys: Manifest[] = [];
let realKeys: Record<string, string> = {};

describe.skipIf(SKIP)('Kubernetes manifests (deploy/kubernetes)', () => {
  beforeAll(() => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'portal-kubernetes-'));
    const tree = path.join(workDir, 'kubernetes');
    // Never the operator's own secrets.env, should one be lying in the working copy.
    cpSync(SOURCE, tree, { recursive: true, filter: (source) => path.basename(source) !== 'secrets.env' });
    rendered.set('base', kustomize(path.join(tree, 'base')));
    for (const overlay of overlays) {
      const dir = path.join(tree, 'overlays', overlay);
      writeFileSync(path.join(dir, 'secrets.env'), readFileSync(path.join(dir, 'secrets.env.example')));
      rendered.set(overlay, kustomize(dir));
    }
    // The same file with real values, made the way secrets.env.example says: a JWK on one line,
    // base64 keys (with their "+", "/" and "=").
    const production = path.join(tree, 'overlays', 'production');
    realKeys = {
      JWT_PRIVATE_KEY: JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })),
      ALTCHA_HMAC_KEY: randomBytes(32).toString('base64'),
      CODE_HMAC_KEY: randomBytes(32).toString('base64'),
      SUPPORT_FILE_KEY: randomBytes(32).toString('base64'),
      RECEIPT_LINK_KEY: randomBytes(32).toString('base64'),
    };
    const filled = readFileSync(path.join(production, 'secrets.env.example'), 'utf8').replace(
      /^([A-Z0-9_]+)=.*$/gm,
      (line, name: string) => (realKeys[name] === undefined ? line : `${name}=${realKeys[name]}`),
    );
    writeFileSync(path.join(production, 'secrets.env'), filled);
    withRealKeys = kustomize(production);
  });

  afterAll(() => {
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('has a production and a staging overlay, each with a secrets.env.example and secrets.env ignored by git', () => {
    expect(overlays).toContain('production');
    expect(overlays).toContain('staging');
    for (const overlay of overlays) {
      const dir = path.join(SOURCE, 'overlays', overlay);
      expect(existsSync(path.join(dir, 'secrets.env.example')), overlay).toBe(true);
      const ignored = readFileSync(path.join(dir, '.gitignore'), 'utf8').split('\n');
      expect(ignored, overlay).toContain('secrets.env');
      // Kustomize takes an env file's value literally: quotes would become part of the value.
      for (const file of ['secrets.env.example', 'config.env']) {
        for (const [name, value] of envFile(readFileSync(path.join(dir, file), 'utf8')))
          expect(value, `${overlay}/${file} ${name}`).not.toMatch(/^['"]/);
      }
    }
  });

  it('renders the base and every overlay into documents valid against the Kubernetes 1.36 schemas', () => {
    const expected = [
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Job',
      'Namespace',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'PrometheusRule',
      'Secret',
      'Service',
      'ServiceAccount',
      'ServiceMonitor',
    ];
    for (const [name, docs] of rendered) {
      for (const doc of docs) validate(doc);
      const kinds = [...new Set(docs.map((doc) => doc.kind))].sort();
      // The base has no namespace and no Secret: the overlays bring them.
      expect(kinds, name).toEqual(name === 'base' ? expected.filter((kind) => kind !== 'Namespace' && kind !== 'Secret') : expected);
      if (name !== 'base') {
        const namespace = only<Manifest>(docs, 'Namespace').metadata.name;
        for (const doc of docs.filter((doc) => doc.kind !== 'Namespace'))
          expect(doc.metadata.namespace, `${name} ${doc.kind}`).toBe(namespace);
      }
    }
    expect(only<Manifest>(rendered.get('production')!, 'Namespace').metadata.name).toBe('game-portal');
  });

  it('the schema check rejects a bad document (so it is really checking)', () => {
    const docs = rendered.get('production')!;
    const deployment = structuredClone(only<IDeployment>(docs, 'Deployment'));
    deployment.spec!.replicas = 'two' as unknown as number;
    expect(() => validate(deployment)).toThrow(/replicas must be integer/);
    const service = structuredClone(only<IService>(docs, 'Service'));
    delete (service.spec!.ports![0] as { port?: number }).port;
    expect(() => validate(service)).toThrow(/must have required property port/);
    const monitor = structuredClone(only<IServiceMonitor>(docs, 'ServiceMonitor'));
    monitor.spec.endpoints![0]!.interval = 'soon';
    expect(() => validate(monitor)).toThrow(/interval must match pattern/);
    expect(() => validate({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } })).toThrow(/no schema model/);
  });

  describe.each(['production', 'staging'])('the %s overlay', (overlay) => {
    const docs = () => rendered.get(overlay)!;
    const environment = () => {
      const configMap = only<IConfigMap>(docs(), 'ConfigMap');
      const secret = only<ISecret>(docs(), 'Secret');
      return { configMap, secret, env: { ...configMap.data, ...decode(secret.data) } };
    };
    const configOf = (): AppConfig => loadConfig(environment().env, workDir);
    const deployment = () => only<IDeployment>(docs(), 'Deployment');
    const job = () => only<IJob>(docs(), 'Job');
    const server = (): IContainer => {
      const containers = deployment().spec!.template.spec!.containers;
      expect(containers).toHaveLength(1);
      return containers[0]!;
    };

    it('carries settings the server loads in production mode, every one a variable it knows', () => {
      const { configMap, secret, env } = environment();
      for (const name of Object.keys(env)) expect(CONFIG_VARIABLES, name).toContain(name);
      // Secret-looking variables (the names config.ts keeps out of logs) are never in the ConfigMap.
      for (const name of Object.keys(configMap.data ?? {}))
        expect(name).not.toMatch(/PASSWORD|SECRET|KEY|TOKEN|DATABASE_URL|SMTP_URL|REDIS_URL/);
      expect(Object.keys(secret.data ?? {})).toEqual(
        expect.arrayContaining([
          'DATABASE_URL',
          'REDIS_URL',
          'SMTP_URL',
          'JWT_PRIVATE_KEY',
          'ALTCHA_HMAC_KEY',
          'CODE_HMAC_KEY',
          'SUPPORT_FILE_KEY',
          'RECEIPT_LINK_KEY',
        ]),
      );
      const config = configOf();
      expect(config).toMatchObject({
        isProduction: true,
        isPostgres: true,
        isRedisConfigured: true,
        isSmtpConfigured: true,
        isObjectStorage: true,
        standIns: false,
        TRUST_PROXY: 1,
        PORT: 8080,
        METRICS_PORT: 9464,
        SHUTDOWN_DRAIN_SECONDS: 10,
      });
      expect(config.PUBLIC_URL).toMatch(/^https:\/\//);
      // The one expected warning: the example fills no provider's keys.
      const warnings = productionWarnings(config);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^providers without keys are not offered in production/);
    });

    it('runs the server with probes on its health routes and a grace period longer than its shutdown', () => {
      const config = configOf();
      const spec = deployment().spec!;
      const container = server();
      expect(container.command).toEqual(['node', '--enable-source-maps', 'apps/server/dist/server.mjs']);
      const ports = Object.fromEntries((container.ports ?? []).map((port) => [port.name, port.containerPort]));
      expect(ports).toEqual({ http: config.PORT, metrics: config.METRICS_PORT });
      expect(container.livenessProbe?.httpGet).toMatchObject({ path: '/health/live', port: 'http' });
      expect(container.readinessProbe?.httpGet).toMatchObject({ path: '/health/ready', port: 'http' });
      expect(container.startupProbe?.httpGet).toMatchObject({ path: '/health/live', port: 'http' });
      // The autoscaler owns the count; a rollout never lowers capacity.
      expect(spec.replicas).toBeUndefined();
      expect(spec.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });

      // preStop runs first and counts against the grace period; then SIGTERM, the drain and the close.
      const preStop = container.lifecycle?.preStop;
      const command = preStop?.exec?.command;
      const sleep = preStop?.sleep?.seconds ?? (command?.[0] === 'sleep' && command.length === 2 ? Number(command[1]) : Number.NaN);
      expect(sleep).toBeGreaterThan(0);
      const needed = sleep + config.SHUTDOWN_DRAIN_SECONDS + config.SHUTDOWN_TIMEOUT_SECONDS;
      expect(spec.template.spec!.terminationGracePeriodSeconds).toBeGreaterThan(needed);

      expect(container.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(container.resources?.limits?.memory).toEqual(expect.any(String));
      // No CPU limit: throttling a single event loop is latency for every request it holds.
      expect(container.resources?.limits?.cpu).toBeUndefined();

      const spread = spec.template.spec!.topologySpreadConstraints ?? [];
      const hostname = spread.find((constraint) => constraint.topologyKey === 'kubernetes.io/hostname');
      expect(matches(hostname?.labelSelector?.matchLabels, spec.template.metadata?.labels)).toBe(true);
      expect(matches(spec.selector.matchLabels, spec.template.metadata?.labels)).toBe(true);
    });

    it('runs every pod unprivileged on a read-only root, with DATA_DIR and /tmp on emptyDir volumes', () => {
      const config = configOf();
      const pods: Array<[string, IPodSpec]> = [
        ['Deployment', deployment().spec!.template.spec!],
        ['Job', job().spec!.template.spec!],
      ];
      for (const [kind, pod] of pods) {
        expect(pod.securityContext, kind).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 1000,
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(pod.automountServiceAccountToken, kind).toBe(false);
        for (const container of pod.containers) {
          expect(container.securityContext, kind).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
          expect(container.securityContext?.capabilities?.drop, kind).toEqual(['ALL']);
          expect(container.resources?.requests?.memory, kind).toEqual(expect.any(String));
          expect(container.resources?.limits?.memory, kind).toEqual(expect.any(String));
          const mounts = Object.fromEntries((container.volumeMounts ?? []).map((mount) => [mount.mountPath, mount.name]));
          expect(pod.volumes?.find((volume) => volume.name === mounts['/tmp'])?.emptyDir, `${kind} /tmp`).toBeDefined();
        }
      }
      // The server's DATA_DIR is a folder inside its emptyDir, never the mount itself: the server
      // makes DATA_DIR 0700 at start, and only the owner (not the kubelet's root) may.
      const mount = (server().volumeMounts ?? []).find((candidate) => config.DATA_DIR.startsWith(`${candidate.mountPath}/`));
      expect(mount, `a volume holding DATA_DIR ${config.DATA_DIR}`).toBeDefined();
      expect(deployment().spec!.template.spec!.volumes?.find((volume) => volume.name === mount!.name)?.emptyDir).toBeDefined();
    });

    it('migrates in a Job of the same image and settings, before the Deployment (Argo CD waves, kubectl by label)', () => {
      const migrate = job();
      const pod = migrate.spec!.template.spec!;
      expect(pod.containers).toHaveLength(1);
      const container = pod.containers[0]!;
      expect(container.command).toEqual(['node', 'apps/server/dist/migrate.mjs']);
      expect(container.image).toBe(server().image);
      expect(container.envFrom).toEqual(server().envFrom);
      expect(pod.restartPolicy).toBe('Never');
      expect(migrate.spec!.backoffLimit).toBeGreaterThanOrEqual(1);
      expect(migrate.spec!.ttlSecondsAfterFinished).toBeGreaterThan(0);
      expect(migrate.metadata?.labels?.['app.kubernetes.io/component']).toBe('migrate');
      expect(migrate.metadata?.annotations).toMatchObject({
        'argocd.argoproj.io/hook': 'Sync',
        'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
      });
      // The settings exist before the Job's pod needs them, the Job completes before the servers change.
      const wave = (doc: Manifest) => Number(doc.metadata.annotations?.['argocd.argoproj.io/sync-wave'] ?? 0);
      const { configMap, secret } = environment();
      expect(wave(configMap as Manifest)).toBeLessThan(wave(migrate as Manifest));
      expect(wave(secret as Manifest)).toBeLessThan(wave(migrate as Manifest));
      expect(wave(migrate as Manifest)).toBeLessThan(wave(deployment() as Manifest));
      // `kubectl apply -k ... -l app.kubernetes.io/component=config` applies exactly the settings.
      for (const doc of [configMap, secret]) expect(doc.metadata?.labels?.['app.kubernetes.io/component']).toBe('config');
      // Both pods read the rendered (hash-suffixed) ConfigMap and Secret.
      expect(container.envFrom).toEqual([
        { configMapRef: { name: configMap.metadata!.name } },
        { secretRef: { name: secret.metadata!.name } },
      ]);
    });

    it('pins the image by tag or digest', () => {
      for (const image of [server().image, job().spec!.template.spec!.containers[0]!.image]) {
        // The last path segment is the repository and its tag or digest (a registry may have a port).
        expect(image?.split('/').pop()).toMatch(/^[a-z0-9._-]+(?::\w[\w.-]{0,127}|@sha256:[a-f0-9]{64})$/);
        expect(image).not.toMatch(/:latest$/);
      }
    });

    it('wires the Service, autoscaler, disruption budget, monitor, Ingress and NetworkPolicy to the server pods', () => {
      const all = docs();
      const podLabels = deployment().spec!.template.metadata!.labels;
      const jobLabels = job().spec!.template.metadata!.labels;
      const containerPorts = new Set((server().ports ?? []).map((port) => port.name));

      const service = only<IService>(all, 'Service');
      expect(matches(service.spec!.selector, podLabels)).toBe(true);
      expect(matches(service.spec!.selector, jobLabels)).toBe(false);
      const servicePorts = Object.fromEntries((service.spec!.ports ?? []).map((port) => [port.name, port]));
      expect(servicePorts.http).toMatchObject({ port: 80, targetPort: 'http' });
      expect(servicePorts.metrics).toMatchObject({ port: 9464, targetPort: 'metrics' });
      for (const port of service.spec!.ports ?? []) expect(containerPorts).toContain(port.targetPort);

      const hpa = only<IHorizontalPodAutoscaler>(all, 'HorizontalPodAutoscaler');
      expect(hpa.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment().metadata!.name });
      expect(hpa.spec!.minReplicas).toBeGreaterThanOrEqual(overlay === 'production' ? 2 : 1);
      expect(hpa.spec!.maxReplicas).toBeGreaterThan(hpa.spec!.minReplicas!);
      expect(hpa.spec!.metrics).toEqual([
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      ]);
      expect(hpa.spec!.behavior?.scaleDown?.stabilizationWindowSeconds).toBeGreaterThan(0);

      const pdb = only<IPodDisruptionBudget>(all, 'PodDisruptionBudget');
      expect(matches(pdb.spec!.selector?.matchLabels, podLabels)).toBe(true);
      // It lets a node drain: one pod at a time may go, whatever the count.
      const { maxUnavailable, minAvailable } = pdb.spec!;
      expect(maxUnavailable !== undefined ? Number(maxUnavailable) >= 1 : Number(minAvailable) < hpa.spec!.minReplicas!).toBe(true);

      const monitor = only<IServiceMonitor>(all, 'ServiceMonitor');
      expect(matches(monitor.spec.selector.matchLabels, service.metadata!.labels)).toBe(true);
      expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);

      const ingress = only<IIngress>(all, 'Ingress');
      const host = new URL(configOf().PUBLIC_URL).host;
      expect(ingress.spec!.rules?.map((rule) => rule.host)).toEqual([host]);
      expect(ingress.spec!.tls).toEqual([{ hosts: [host], secretName: expect.any(String) }]);
      const backend = ingress.spec!.rules![0]!.http!.paths[0]!.backend.service!;
      expect(backend).toEqual({ name: service.metadata!.name, port: { name: 'http' } });
      expect(ingress.metadata?.annotations).toMatchObject({
        'nginx.ingress.kubernetes.io/proxy-body-size': '110m',
        'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
        'nginx.ingress.kubernetes.io/proxy-read-timeout': '120',
      });

      const policy = only<INetworkPolicy>(all, 'NetworkPolicy').spec!;
      expect(matches(policy.podSelector?.matchLabels, podLabels)).toBe(true);
      expect(matches(policy.podSelector?.matchLabels, jobLabels)).toBe(true);
      expect(policy.policyTypes).toEqual(['Ingress', 'Egress']);
      const from = (port: string) =>
        (policy.ingress ?? [])
          .filter((rule) => rule.ports?.some((candidate) => candidate.port === port))
          .flatMap((rule) => rule.from ?? [])
          .map((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']);
      expect(from('http')).toEqual(['ingress-nginx']);
      expect(from('metrics')).toEqual(['monitoring']);
      const egress = policy.egress ?? [];
      const anywhere = egress.filter((rule) => rule.to === undefined).flatMap((rule) => rule.ports ?? []);
      for (const [port, protocol] of [
        [53, 'UDP'],
        [53, 'TCP'],
        [5432, 'TCP'],
        [6379, 'TCP'],
        [587, 'TCP'],
        [465, 'TCP'],
        [25, 'TCP'],
      ] as const) {
        expect(anywhere, `egress ${port}/${protocol}`).toContainEqual({ port, protocol });
      }
      const publicRule = egress.find((rule) => rule.to?.some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'));
      expect(publicRule?.to?.find((peer) => peer.ipBlock?.cidr === '0.0.0.0/0')?.ipBlock?.except?.sort()).toEqual([
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
      ]);
      expect(publicRule?.ports).toEqual([{ protocol: 'TCP' }]);
    });

    it('renders nothing that looks like a real secret from the committed example', () => {
      const { secret } = environment();
      for (const [name, value] of Object.entries(decode(secret.data))) expect(value, name).toContain('change-me');
      const text = JSON.stringify(docs()) + JSON.stringify(decode(secret.data));
      expect(text).not.toMatch(/-----BEGIN [A-Z ]*PRIVATE KEY-----/);
      expect(text).not.toMatch(/\\"d\\":/); // a private JWK
      expect(text).not.toMatch(/\b(sk|rk)_(live|test)_[A-Za-z0-9]{8,}/);
      expect(text).not.toMatch(/\bAKIA[0-9A-Z]{16}\b/);
      // Nothing long and random: a committed base64 key (32 bytes) would show up here.
      for (const [name, value] of Object.entries(decode(secret.data))) expect(value, name).not.toMatch(/[A-Za-z0-9+/]{32,}={0,2}/);
    });
  });

  it('carries a real key from secrets.env into the Secret intact: the server signs with it', async () => {
    const secret = only<ISecret>(withRealKeys, 'Secret');
    const values = decode(secret.data);
    for (const [name, value] of Object.entries(realKeys)) expect(values[name], name).toBe(value);
    const config = loadConfig({ ...only<IConfigMap>(withRealKeys, 'ConfigMap').data, ...values }, workDir);
    const keys = await loadKeyStore({ privateKey: config.JWT_PRIVATE_KEY! });
    expect(keys.current.alg).toBe('EdDSA');
    // A changed Secret is a new name: the pods roll out with it.
    expect(secret.metadata!.name).not.toBe(only<ISecret>(rendered.get('production')!, 'Secret').metadata!.name);
  });
});
