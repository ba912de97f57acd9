import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../src/config.ts';

/**
 * The deployment files (Dockerfile, deploy/compose.yaml, deploy/nginx.conf) checked as far as
 * this machine can: it has no Docker daemon, so the image is not built here. What is checked is
 * that they say what the product needs: the build's artefacts, production settings the server
 * accepts, shared keys, health checks, the release step and the proxy.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8');

type Service = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  healthcheck?: { test: string[] };
};

describe('deployment files', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const example = Object.fromEntries(
    read('deploy/.env.example')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

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
      expect(app.depends_on?.bucket?.condition, name).toBe('service_completed_successfully');
      expect(app.healthcheck?.test.join(' '), name).toContain('/health/ready');
      // Nothing shared on disk: files in the bucket, keys in the environment.
      expect(app.volumes, name).toBeUndefined();
    }
    expect(services.proxy?.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
  });

  it('the replicas share the database, Redis and every key, in production settings the server accepts', () => {
    const env = compose.services.app1!.environment!;
    expect(compose.services.app2!.environment).toEqual(env);
    expect(compose.services.migrate!.environment).toEqual(env);
    for (const name of Object.keys(env)) expect(CONFIG_VARIABLES, name).toContain(name);
    expect(env).toMatchObject({ NODE_ENV: 'production', REDIS_URL: 'redis://redis:6379', S3_FORCE_PATH_STYLE: 'true' });
    expect(env.S3_ENDPOINT).toContain('http://minio:9000');
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/portal:.*@postgres:5432\/portal$/);
    for (const key of ['JWT_PRIVATE_KEY', 'ALTCHA_HMAC_KEY', 'CODE_HMAC_KEY', 'SUPPORT_FILE_KEY', 'RECEIPT_LINK_KEY'])
      expect(env[key], key).toMatch(/^\$\{/);

    // Every variable compose asks for is in the example file, and filled in it starts a production config.
    const asked = [...read('deploy/compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]!);
    for (const name of asked) expect(Object.keys(example), name).toContain(name);
    const filled: Record<string, string> = {
      ...example,
      POSTGRES_PASSWORD: 'pw',
      JWT_PRIVATE_KEY: '',
      ALTCHA_HMAC_KEY: 'a'.repeat(32),
      CODE_HMAC_KEY: 'c'.repeat(32),
      SUPPORT_FILE_KEY: 's'.repeat(32),
      RECEIPT_LINK_KEY: 'r'.repeat(32),
      S3_ACCESS_KEY_ID: 'portal',
      S3_SECRET_ACCESS_KEY: 'p'.repeat(32),
    };
    // ${NAME:-default} takes the default when NAME is empty, as compose does.
    const substituted = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [
        name,
        value.replace(
          /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
          (_all, variable: string, kind?: string, fallback?: string) => filled[variable] || (kind === '-' ? (fallback ?? '') : ''),
        ),
      ]),
    );
    const config = loadConfig({ ...substituted, DATA_DIR: '/data' });
    expect(config).toMatchObject({ isProduction: true, isPostgres: true, isRedisConfigured: true, isObjectStorage: true, standIns: false });
    expect(config).toMatchObject({ S3_BUCKET: 'portal-files', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: true });
  });

  it('nginx terminates TLS, spreads requests over both replicas, appends the client address, and passes event streams as they come', () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toContain('server app1:8080');
    expect(nginx).toContain('server app2:8080');
    // Appended, never overwritten (a proxy before nginx keeps its entry), and the app believes one hop.
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(nginx).not.toContain('X-Forwarded-For $remote_addr');
    expect(compose.services.app1!.environment!.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
    expect(read('deploy/.env.example')).toMatch(/^TRUST_PROXY=1$/m);
    // https on 443 with a certificate, TLS 1.2+, and plain http only for redirects and ACME challenges.
    expect(nginx).toMatch(/listen 443 ssl;/);
    expect(nginx).toMatch(/ssl_certificate \/etc\/nginx\/tls\/fullchain\.pem;/);
    expect(nginx).toMatch(/ssl_protocols TLSv1\.2 TLSv1\.3;/);
    expect(nginx).toMatch(/return 301 https:\/\/\$host\$request_uri;/);
    expect(compose.services.proxy!.volumes).toContain('./tls:/etc/nginx/tls:ro');
    expect(nginx).toContain('proxy_buffering off;');
    expect(nginx).toMatch(/proxy_next_upstream [^;]*http_503/);
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
