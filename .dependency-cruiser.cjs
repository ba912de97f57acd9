// Import boundaries of the repository (ARCHITECTURE.md), checked by `npm run lint:deps` as part
// of `npm test`: cycles, apps importing each other, web features importing each other, and the
// server's layers (lib and integrations below modules).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes the modules in it one module: break it by moving the shared piece down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'apps-apart',
      severity: 'error',
      comment: 'An app never imports another app: share it through packages/contracts.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'Packages are used by the apps, never the other way round.',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: "A web feature never imports another feature's internals: move the shared piece to src/shared.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'src/shared serves the features and the app; it never imports them.',
      from: { path: '^apps/web/src/shared/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-pages-without-zod',
      severity: 'error',
      comment:
        "Player pages load no zod: they read the contracts' zod-free modules (error-codes, *-constants, message-types, ...), import schema modules for types only or on demand (import()), and validate forms with src/shared/validation on zod/mini (eslint keeps zod itself out). The staff console's chunk may use the schemas.",
      from: {
        path: '^apps/web/src/',
        pathNot: [
          '^apps/web/src/features/staff/',
          '\\.test\\.tsx?$',
          '^apps/web/src/test/',
          // The game host checks every window message against the contract's schemas as it comes.
          '^apps/web/src/shared/bridge/host-bridge\\.ts$',
        ],
      },
      to: {
        path: '^packages/contracts/src/(auth|catalog-console|control|errors|messages|money-console|payment-help|payments|session|staff|support|system|validation)\\.ts$',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
    {
      name: 'server-lib-below-modules',
      severity: 'error',
      comment: 'src/lib is infrastructure the modules share: it knows no module and no integration.',
      from: { path: '^apps/server/src/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(modules|integrations|plugins)/' },
    },
    {
      name: 'server-integrations-below-modules',
      severity: 'error',
      comment: 'Integrations are adapters to the outside world: they never import a module.',
      from: { path: '^apps/server/src/integrations/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'server-only-app-wires',
      severity: 'error',
      comment: 'Only app.ts, server.ts and tests wire the app together: nothing else imports them.',
      from: { path: '^apps/server/src/', pathNot: ['^apps/server/src/(app|server|migrate)\\.ts$', '\\.test\\.ts$'] },
      to: { path: '^apps/server/src/(app|server)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)dist-ssr/', 'apps/server/src/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
