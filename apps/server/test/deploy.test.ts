import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';
import { securityPlugin } from '../src/plugins/security.ts';

/**
 * The deployment files (Dockerfile, deploy/compose.yaml, deploy/nginx.conf) checked as far as
 * this machine can: it has no Docker daemon, so the image is not built here. What is checked is
 * that they say what the product needs: the build's artefacts, production settings the server
 * accepts (with the data services in compose and elsewhere), images pinned by version, shared
 * keys, health checks, the release step and the proxy, whose configuration nginx itself tests
 * when it is installed (CI installs it).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');

type Dependency = { condition: string; required?: boolean };
type Service = {
  image?: string;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, Dependency>;
  volumes?: string[];
  healthcheck?: { test: string[] };
};
type Compose = { services: Record<string, Service> };

/**
 * Compose's variable interpolation: `$$` is a `$`; `${NAME}`, `${NAME:-default}` (`-`: only
 * when unset), `${NAME:?message}` (`?`: only when unset), `${NAME:+other}`; defaults and
 * messages may hold further `${...}`, read only when used (as compose does).
 */
function interpolate(text: string, vars: Record<string, string | undefined>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '$') {
      out += text[i];
      i += 1;
    } else if (text[i + 1] === '$') {
      out += '$';
      i += 2;
    } else if (text[i + 1] === '{') {
      let depth = 0;
      let end = i + 1;
      for (; end < text.length; end += 1) {
        if (text[end] === '{') depth += 1;
        else if (text[end] === '}' && --depth === 0) break;
      }
      if (end >= text.length) throw new Error(`unclosed \${ in ${text}`);
      const match = /^([A-Za-z_]\w*)(?:(:?[-?+])([\s\S]*))?$/.exec(text.slice(i + 2, end));
      if (!match) throw new Error(`invalid interpolation in ${text}`);
      const [, name = '', operator, rest = ''] = match;
      const value = vars[name];
      const absent = value === undefined || (operator?.startsWith(':') === true && value === '');
      if (operator === undefined) out += value ?? '';
      else if (operator.endsWith('-')) out += absent ? interpolate(rest, vars) : value;
      else if (operator.endsWith('?')) {
        if (absent) throw new Error(`required variable ${name} is missing a value: ${interpolate(rest, vars)}`);
        out += value;
      } else out += absent ? '' : interpolate(rest, vars);
      i = end + 1;
    } else {
      const name = /^[A-Za-z_]\w*/.exec(text.slice(i + 1))?.[0];
      out += name ? (vars[name] ?? '') : '$';
      i += 1 + (name?.length ?? 0);
    }
  }
  return out;
}

/** Every string of the parsed file interpolated, as compose does after reading the YAML. */
function interpolated<T>(node: T, vars: Record<string, string | undefined>): T {
  if (typeof node === 'string') return interpolate(node, vars) as T;
  if (Array.isArray(node)) return node.map((item: unknown) => interpolated(item, vars)) as T;
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolated(value, vars)])) as T;
  return node;
}

/** The services compose runs with these profiles on: those without a profile, and those in one. */
const activeServices = (compose: Compose, profiles: string[]) =>
  Object.keys(compose.services).filter((name) => {
    const own = compose.services[name]!.profiles ?? [];
    return own.length === 0 || own.some((profile) => profiles.includes(profile));
  });

/**
 * Compose's consistency rule: a running service may depend on a service that is defined and off
 * (its profile not enabled) only with `required: false`; on one no file defines, never. Answers
 * the violations.
 */
function dependencyErrors(compose: Compose, profiles: string[]): string[] {
  const active = activeServices(compose, profiles);
  return active.flatMap((name) =>
    Object.entries(compose.services[name]!.depends_on ?? {})
      .filter(([dependency, { required }]) => !active.includes(dependency) && (!(dependency in compose.services) || required !== false))
      .map(([dependency]) => `${name} depends on ${dependency}, which does not run with profiles [${profiles.join(',')}]`),
  );
}

type Directive = { name: string; args: string[]; block?: Directive[] };

/** nginx's configuration syntax: directives, their arguments (quotes removed) and blocks. */
function parseNginx(text: string): Directive[] {
  const tokens: Array<{ value: string; quoted: boolean }> = [];
  const pattern = /\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([;{}])|([^\s;{}"'#]+)/gy;
  for (let offset = 0; offset < text.length; offset = pattern.lastIndex) {
    const match = pattern.exec(text);
    if (!match) throw new Error(`nginx.conf: cannot read at offset ${offset}`);
    if (match[1] !== undefined || match[2] !== undefined) tokens.push({ value: match[1] ?? match[2] ?? '', quoted: true });
    else if (match[3] ?? match[4]) tokens.push({ value: (match[3] ?? match[4])!, quoted: false });
  }
  let position = 0;
  const block = (nested: boolean): Directive[] => {
    const directives: Directive[] = [];
    let words: string[] = [];
    while (position < tokens.length) {
      const token = tokens[position++]!;
      if (!token.quoted && token.value === ';') {
        const [name, ...args] = words;
        if (!name) throw new Error('nginx.conf: an empty directive');
        directives.push({ name, args });
        words = [];
      } else if (!token.quoted && token.value === '{') {
        const [name, ...args] = words;
        if (!name) throw new Error('nginx.conf: a block without a name');
        directives.push({ name, args, block: block(true) });
        words = [];
      } else if (!token.quoted && token.value === '}') {
        if (!nested || words.length > 0) throw new Error('nginx.conf: an unexpected }');
        return directives;
      } else words.push(token.value);
    }
    if (nested || words.length > 0) throw new Error('nginx.conf: unterminated block or directive');
    return directives;
  };
  return block(false);
}

const children = (directives: Directive[] | undefined, name: string) => (directives ?? []).filter((directive) => directive.name === name);
const child = (directives: Directive[] | undefined, name: string, args?: string[]) => {
  const found = children(directives, name).filter((directive) => !args || directive.args.join(' ') === args.join(' '));
  expect(found, `${name} ${args?.join(' ') ?? ''}`).toHaveLength(1);
  return found[0]!;
};
function* everyDirective(directives: Directive[]): Generator<Directive> {
  for (const directive of directives) {
    yield directive;
    if (directive.block) yield* everyDirective(directive.block);
  }
}

/** The Strict-Transport-Security header the app itself sends over https. */
async function appHsts(): Promise<string> {
  const app = Fastify();
  await app.register(securityPlugin, {
    config: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://games.example.com', DATA_DIR: '/data' }),
  });
  app.get('/', async () => 'ok');
  try {
    const header = (await app.inject({ url: '/' })).headers['strict-transport-security'];
    expect(header).toMatch(/^max-age=\d+/);
    return String(header);
  } finally {
    await app.close();
  }
}

/** The nginx binary of this machine (Debian's package puts it in /usr/sbin), if any. */
function findNginx(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    const run = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (run.status === 0) return candidate;
  }
  return undefined;
}
const NGINX = findNginx();

describe('deployment files', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as Compose;
  const example = Object.fromEntries(
    read('deploy/.env.example')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  /** The example filled in as an operator would; `data` says where the data services are. */
  const filled = (overrides: Record<string, string> = {}): Record<string, string> => ({
    ...example,
    POSTGRES_PASSWORD: 'pw',
    // As the example says to make it: a private JWK on one line.
    JWT_PRIVATE_KEY: JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })),
    ALTCHA_HMAC_KEY: 'a'.repeat(32),
    CODE_HMAC_KEY: 'c'.repeat(32),
    SUPPORT_FILE_KEY: 's'.repeat(32),
    RECEIPT_LINK_KEY: 'r'.repeat(32),
    S3_ACCESS_KEY_ID: 'portal',
    S3_SECRET_ACCESS_KEY: 'p'.repeat(32),
    ...overrides,
  });
  const DATA_SERVICES = ['bucket', 'minio', 'postgres', 'redis'];
  const ELSEWHERE = {
    COMPOSE_PROFILES: '',
    POSTGRES_PASSWORD: '',
    DATABASE_URL: 'postgres://portal:secret@db.internal.example:5432/portal?sslmode=verify-full',
    REDIS_URL: 'rediss://cache.internal.example:6380',
    S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
    S3_REGION: 'eu-west-1',
  };

  it('compose runs PostgreSQL, Redis, an S3-compatible store, the migrate release step, two replicas and a proxy in the right order', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'bucket', 'migrate', 'minio', 'postgres', 'proxy', 'redis']);
    expect(services.bucket?.depends_on?.minio?.condition).toBe('service_healthy');
    expect(services.minio?.healthcheck?.test.join(' ')).toContain('ready');
    expect(services.migrate?.command).toEqual(['node', 'apps/server/dist/migrate.mjs']);
    expect(services.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const name of ['app1', 'app2']) {
      const app = services[name]!;
      expect(app.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
      expect(app.depends_on?.redis?.condition, name).toBe('service_healthy');
      expect(app.depends_on?.bucket?.condition, name).toBe('service_completed_successfully');
      expect(app.healthcheck?.test.join(' '), name).toContain('/health/ready');
      // Nothing shared on disk: files in the bucket, keys in the environment.
      expect(app.volumes, name).toBeUndefined();
    }
    expect(services.proxy?.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
  });

  it('the data services run in the profile `data` (and one each), and the app starts with them here or elsewhere', () => {
    const { services } = compose;
    for (const [name, own] of [
      ['postgres', 'postgres'],
      ['redis', 'redis'],
      ['minio', 'minio'],
      ['bucket', 'minio'],
    ] as const)
      expect(services[name]!.profiles?.sort(), name).toEqual(['data', own].sort());
    for (const name of ['migrate', 'app1', 'app2', 'proxy']) expect(services[name]!.profiles, name).toBeUndefined();
    expect(example.COMPOSE_PROFILES).toBe('data');

    // With `data` on, everything runs and every wait holds.
    expect(activeServices(compose, ['data']).sort()).toEqual(Object.keys(services).sort());
    expect(dependencyErrors(compose, ['data'])).toEqual([]);
    // With the data elsewhere, the app's waits on them are skipped (required: false), never an error...
    expect(activeServices(compose, []).sort()).toEqual(['app1', 'app2', 'migrate', 'proxy']);
    for (const profiles of [[], ['postgres'], ['redis'], ['minio'], ['redis', 'minio']])
      expect(dependencyErrors(compose, profiles), profiles.join(',')).toEqual([]);
    // ...which only `required: false` allows: the same file without it is refused without `data`.
    const strict = structuredClone(compose);
    for (const service of Object.values(strict.services))
      for (const dependency of Object.values(service.depends_on ?? {})) delete dependency.required;
    expect(dependencyErrors(strict, [])).not.toEqual([]);
    // Only waits on data services are optional: the release step and the replicas' health are not.
    for (const service of Object.values(services))
      for (const [name, { required }] of Object.entries(service.depends_on ?? {}))
        expect(required, name).toBe(DATA_SERVICES.includes(name) && !service.profiles ? false : undefined);
  });

  it('the replicas share the database, Redis and every key, in production settings the server accepts', () => {
    const env = compose.services.app1!.environment!;
    expect(compose.services.app2!.environment).toEqual(env);
    expect(compose.services.migrate!.environment).toEqual(env);
    for (const name of Object.keys(env)) expect(CONFIG_VARIABLES, name).toContain(name);
    expect(env).toMatchObject({ NODE_ENV: 'production', S3_FORCE_PATH_STYLE: 'true' });
    for (const key of ['JWT_PRIVATE_KEY', 'ALTCHA_HMAC_KEY', 'CODE_HMAC_KEY', 'SUPPORT_FILE_KEY', 'RECEIPT_LINK_KEY'])
      expect(env[key], key).toMatch(/^\$\{/);

    // Every variable compose asks for is in the example file.
    const asked = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!);
    for (const name of asked) expect(Object.keys(example), name).toContain(name);

    // Filled in with the data services here, it starts a production config over them.
    const here = interpolated(compose, filled());
    const hereEnv = here.services.app1!.environment!;
    expect(hereEnv).toMatchObject({
      DATABASE_URL: 'postgres://portal:pw@postgres:5432/portal',
      REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'http://minio:9000',
    });
    expect(here.services.postgres!.environment!.POSTGRES_PASSWORD).toBe('pw');
    const config = loadConfig({ ...hereEnv, DATA_DIR: '/data' });
    expect(config).toMatchObject({ isProduction: true, isPostgres: true, isRedisConfigured: true, isObjectStorage: true, standIns: false });
    expect(config).toMatchObject({ S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: true });

    // With the data elsewhere, the app goes there, and no variable of the data services is asked for.
    const elsewhere = interpolated(compose, filled(ELSEWHERE));
    const elsewhereEnv = elsewhere.services.app1!.environment!;
    expect(elsewhereEnv).toMatchObject({
      DATABASE_URL: ELSEWHERE.DATABASE_URL,
      REDIS_URL: ELSEWHERE.REDIS_URL,
      S3_ENDPOINT: ELSEWHERE.S3_ENDPOINT,
    });
    expect(elsewhere.services.migrate!.environment).toEqual(elsewhereEnv);
    expect(loadConfig({ ...elsewhereEnv, DATA_DIR: '/data' })).toMatchObject({
      isProduction: true,
      isPostgres: true,
      isRedisConfigured: true,
      isObjectStorage: true,
      DATABASE_URL: ELSEWHERE.DATABASE_URL,
      S3_ENDPOINT: ELSEWHERE.S3_ENDPOINT,
    });

    // Neither a database URL nor the password of the one here: compose refuses, naming it.
    expect(() => interpolated(compose, filled({ POSTGRES_PASSWORD: '' }))).toThrow(/POSTGRES_PASSWORD/);
    expect(() => interpolated(compose, filled({ PORTAL_VERSION: '' }))).toThrow(/PORTAL_VERSION/);
  });

  it('every image is pinned by version: no `latest`, no bare major, the app by its release', () => {
    const images = Object.fromEntries(Object.entries(compose.services).map(([name, service]) => [name, service.image ?? '']));
    // The app: one image per release, the same for the release step and both replicas.
    for (const name of ['migrate', 'app1', 'app2']) expect(images[name], name).toMatch(/^game-portal:\$\{PORTAL_VERSION:\?[^}]+\}$/);
    expect(interpolated(images, filled()).app1).toBe(`game-portal:${example.PORTAL_VERSION}`);
    expect(example.PORTAL_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    // Third-party images by their full version (PostgreSQL's is major.minor) or dated release.
    const pinned: Record<string, RegExp> = {
      postgres: /^postgres:\d+\.\d+-[a-z]+$/,
      redis: /^redis:\d+\.\d+\.\d+-[a-z]+$/,
      proxy: /^nginx:\d+\.\d+\.\d+$/,
      // MinIO's images live on quay.io (Docker Hub no longer serves minio/*).
      minio: /^quay\.io\/minio\/minio:RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/,
      bucket: /^quay\.io\/minio\/mc:RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/,
    };
    expect(Object.keys(pinned).length + 3).toBe(Object.keys(images).length);
    for (const [name, pattern] of Object.entries(pinned)) expect(images[name], name).toMatch(pattern);
    for (const [name, image] of Object.entries(images)) {
      const tag = image.slice(image.lastIndexOf(':') + 1);
      expect(image, name).toMatch(/:[^/]+$/);
      expect(tag, name).not.toBe('latest');
      expect(tag, name).not.toMatch(/^\d+(-[a-z]+)?$/);
    }
    // docs/deploy.md names the same versions.
    const deployDoc = read('docs/deploy.md');
    for (const name of ['postgres', 'redis', 'proxy']) expect(deployDoc, name).toContain(`\`${images[name]}\``);
  });

  it('nginx terminates TLS, spreads requests over both replicas, appends the client address, and passes event streams as they come', async () => {
    const text = read('deploy/nginx.conf');
    const top = parseNginx(text);
    child(top, 'events');
    const http = child(top, 'http').block;
    const upstream = child(http, 'upstream', ['portal']).block;
    expect(children(upstream, 'server').map((server) => server.args[0])).toEqual(['app1:8080', 'app2:8080']);
    const servers = children(http, 'server');
    expect(servers).toHaveLength(2);
    const plain = servers.find((server) => children(server.block, 'listen').some((listen) => listen.args[0] === '80'))!;
    const tls = servers.find((server) => children(server.block, 'listen').some((listen) => listen.args.join(' ') === '443 ssl'))!;
    expect(plain && tls).toBeTruthy();

    // Plain http only for ACME challenges and the redirect.
    expect(child(child(plain.block, 'location', ['/.well-known/acme-challenge/']).block, 'root').args).toEqual(['/var/www/acme']);
    expect(child(child(plain.block, 'location', ['/']).block, 'return').args).toEqual(['301', 'https://$host$request_uri']);
    expect(children(plain.block, 'location')).toHaveLength(2);

    // https on 443 with the mounted certificate, TLS 1.2+.
    expect(child(tls.block, 'ssl_certificate').args).toEqual(['/etc/nginx/tls/fullchain.pem']);
    expect(child(tls.block, 'ssl_certificate_key').args).toEqual(['/etc/nginx/tls/privkey.pem']);
    expect(child(tls.block, 'ssl_protocols').args).toEqual(['TLSv1.2', 'TLSv1.3']);
    expect(compose.services.proxy!.volumes).toContain('./tls:/etc/nginx/tls:ro');

    // HSTS on every https answer (`always`: nginx's own errors too), the app's very policy, once:
    // the app's copy hidden, and no location dropping the inherited header with one of its own.
    expect(child(tls.block, 'add_header').args).toEqual(['Strict-Transport-Security', await appHsts(), 'always']);
    expect(child(tls.block, 'proxy_hide_header').args).toEqual(['Strict-Transport-Security']);
    for (const location of children(tls.block, 'location'))
      for (const name of ['add_header', 'proxy_hide_header']) expect(children(location.block, name), location.args.join(' ')).toEqual([]);
    expect(children(plain.block, 'add_header')).toEqual([]);

    // Metrics never leave: the proxy answers 404 itself, proxying nothing.
    const metrics = child(tls.block, 'location', ['=', '/metrics']).block;
    expect(metrics).toEqual([{ name: 'return', args: ['404'] }]);

    // Everything else to the replicas; the client address appended to X-Forwarded-For, never
    // replaced (a proxy before nginx keeps its entry: TRUST_PROXY=2), and the address appended
    // is the socket's (no real_ip rewriting it), which is what TRUST_PROXY=1 counts.
    const root = child(tls.block, 'location', ['/']).block;
    expect(child(root, 'proxy_pass').args).toEqual(['http://portal']);
    const forwarded = [...everyDirective(top)].filter(
      (directive) => directive.name === 'proxy_set_header' && directive.args[0]?.toLowerCase() === 'x-forwarded-for',
    );
    expect(forwarded.map((directive) => directive.args)).toEqual([['X-Forwarded-For', '$proxy_add_x_forwarded_for']]);
    expect(children(root, 'proxy_set_header')).toContainEqual(forwarded[0]);
    for (const directive of everyDirective(top)) expect(directive.name).not.toMatch(/^(real_ip_header|set_real_ip_from)$/);
    expect(compose.services.app1!.environment!.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
    expect(read('deploy/.env.example')).toMatch(/^TRUST_PROXY=1$/m);

    // Event streams as they come; a draining replica's 503 goes to the other one.
    expect(child(root, 'proxy_buffering').args).toEqual(['off']);
    expect(child(root, 'proxy_next_upstream').args).toContain('http_503');
    expect(
      children(tls.block, 'location')
        .map((location) => location.args.join(' '))
        .sort(),
    ).toEqual(['/', '= /metrics']);
  });

  it.skipIf(!NGINX)('nginx itself accepts the configuration (nginx -t), with local upstreams and a throwaway certificate', () => {
    const nginx = NGINX!;
    const directory = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
    try {
      // A self-signed certificate in place of the mounted one, an empty ACME webroot.
      mkdirSync(path.join(directory, 'tls'));
      mkdirSync(path.join(directory, 'acme'));
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
          ...[
            '-subj',
            '/CN=localhost',
            '-keyout',
            path.join(directory, 'tls/privkey.pem'),
            '-out',
            path.join(directory, 'tls/fullchain.pem'),
          ],
        ],
        { stdio: 'ignore' },
      );
      // nginx resolves upstream names while testing: the replicas' compose names become local ports.
      let text = read('deploy/nginx.conf')
        .replace('server app1:8080', 'server 127.0.0.1:8080')
        .replace('server app2:8080', 'server 127.0.0.1:8081')
        .replaceAll('/etc/nginx/tls/', `${directory}/tls/`)
        .replaceAll('/var/www/acme', `${directory}/acme`);
      expect(text).not.toMatch(/app[12]:|\/etc\/nginx|\/var\/www/);
      // Temporary folders in the test's own (as root, nginx -t creates the compiled-in ones and
      // hands them to its worker user); only those of the modules this build has.
      const built = spawnSync(nginx, ['-V'], { encoding: 'utf8' }).stderr;
      const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
        .filter((module) => !built.includes(`--without-http_${module}_module`))
        .map((module) => `  ${module}_temp_path ${directory}/${module};`);
      text = text.replace(/^http \{$/m, `http {\n${temporary.join('\n')}`);
      expect(text).toContain(`client_body_temp_path ${directory}/client_body;`);
      // `http2 on;` came in nginx 1.25.1; an older one (Debian bookworm's 1.22) takes it on `listen`.
      const version = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr);
      const [major, minor, patch] = (version?.slice(1) ?? ['0', '0', '0']).map(Number) as [number, number, number];
      if (major * 1_000_000 + minor * 1000 + patch < 1_025_001) {
        expect(text).toMatch(/^\s*http2 on;$/m);
        text = text.replace(/^\s*http2 on;\n/m, '').replace(/(listen \S*443 ssl);/g, '$1 http2;');
      }
      const check = (config: string) => {
        const file = path.join(directory, 'nginx.conf');
        writeFileSync(file, config);
        // -e: the startup log to stderr too, not the compiled-in /var/log/nginx (nginx 1.19.5+).
        return spawnSync(
          nginx,
          ['-t', '-e', 'stderr', '-p', `${directory}/`, '-c', file, '-g', `pid ${directory}/nginx.pid; error_log stderr;`],
          { encoding: 'utf8' },
        );
      };
      const result = check(text);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain('test is successful');
      // The check has teeth: a mistake in the file fails it.
      const broken = check(text.replace('add_header Strict-Transport-Security', 'add_header_typo Strict-Transport-Security'));
      expect(broken.status).not.toBe(0);
      expect(broken.stderr).toContain('unknown directive "add_header_typo"');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('.dockerignore keeps the filled environment and keys out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const pattern of ['**/.env', 'deploy/tls', '**/*.pem']) expect(ignored).toContain(pattern);
    expect(ignored).toContain('!**/.env.example');
  });

  it('the Dockerfile builds what `npm run build` builds and runs the compiled server with production dependencies only', () => {
    const dockerfile = read('Dockerfile');
    const manifest = JSON.parse(read('package.json')) as { workspaces: string[] };
    const built = manifest.workspaces.filter(
      (workspace) => (JSON.parse(read(`${workspace}/package.json`)) as { scripts?: Record<string, string> }).scripts?.build,
    );
    expect(built.sort()).toEqual(['apps/server', 'apps/web', 'packages/game-sdk']);
    for (const workspace of built) {
      expect(dockerfile, workspace).toContain(`npm run build -w ${workspace}`);
      expect(dockerfile, workspace).toContain(`COPY --from=build /app/${workspace}/dist ${workspace}/dist`);
      expect(dockerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
    expect(dockerfile).toContain('RUN npm ci --omit=dev');
    expect(dockerfile).toContain('USER node');
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "apps/server/dist/server.mjs"]');
    expect(read('apps/server/package.json')).toContain('"migrate": "node dist/migrate.mjs"');
  });
});
