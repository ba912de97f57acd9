// A small local ESLint rule that keeps the arrows of ARCHITECTURE.md pointing one way:
// - a web feature never imports another feature's internals (shared pieces go to src/shared);
// - no app imports another app's files;
// - server integrations never import server modules.
import path from 'node:path';

const featureOf = (file) => /apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const appOf = (file) => /\/apps\/([^/]+)\//.exec(file)?.[1];
const isIntegration = (file) => /apps\/server\/src\/integrations\//.test(file);
const isModule = (file) => /apps\/server\/src\/modules\//.test(file);

// Relative imports, and the web app's `@/` alias for apps/web/src.
const resolveTarget = (file, source) => {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source).split(path.sep).join('/');
  const web = /^(.*\/apps\/web\/)/.exec(file)?.[1];
  if (web && source.startsWith('@/')) return `${web}src/${source.slice(2)}`;
  return undefined;
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    messages: {
      feature: 'Feature "{{from}}" imports the internals of feature "{{to}}": move the shared piece to src/shared.',
      app: 'apps/{{from}} imports from apps/{{to}}: share it through packages/contracts instead.',
      integration: 'An integration imports a server module: integrations stay below modules.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const target = resolveTarget(file, source);
      if (!target) return;
      const from = featureOf(file);
      const to = featureOf(`${target}/`);
      if (from && to && from !== to) {
        context.report({ node, messageId: 'feature', data: { from, to } });
      }
      const fromApp = appOf(file);
      const toApp = appOf(`${target}/`);
      if (fromApp && toApp && fromApp !== toApp) {
        context.report({ node, messageId: 'app', data: { from: fromApp, to: toApp } });
      }
      if (isIntegration(file) && isModule(`${target}/`)) {
        context.report({ node, messageId: 'integration' });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};

export default { rules: { boundaries: rule } };
