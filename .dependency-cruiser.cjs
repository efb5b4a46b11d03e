/**
 * The module graph points one way (docs/architecture.md, "Module boundaries").
 *
 * LAYERS lists the top-level parts of `src/` from the bottom up; a part may import (values, not
 * types) only parts listed before it, so no two parts can ever be in one cycle. Infrastructure
 * and common code sit below the access core, the access core below the features, the modules
 * that compose features above them, and the entry points on top. Within the features the order
 * is the one their dependencies already have: a new feature goes above what it uses.
 *
 * Besides: no circular imports at all; a module reaches another module's tables only through that
 * module's exported services, never its entities or repositories; the hand-written HTTP and row
 * layer (`src/infrastructure`) is imported only by the bootstrap and by repositories; nothing
 * imports the bootstrap files. Type-only imports carry no access and are allowed everywhere.
 */
const LAYERS = [
  // platform: configuration, logging, shared code, the database, the hand-written infrastructure, shared services
  'config',
  'logging',
  'common',
  'database',
  'infrastructure',
  'cache',
  'metrics',
  'events',
  // the access core: the principal, the guard and the decorators every feature uses
  'access',
  // features, each above what it uses
  'users',
  'images',
  'moderation',
  'service-keys',
  'audit',
  'webhooks',
  'auth',
  'characters',
  'banks',
  'money',
  'review',
  'game-platform',
  'health',
  // composition: modules above the features they compose, with no tables of their own
  'profiles',
  'staff',
  'dev-providers',
  // the staff console's static site, served beside the API
  'console',
  // the portable archive: the raw rows of every table and the stored files, like a database dump
  'archive',
  // the application: its module, its set-up and the entity list
  'entities.ts',
  'openapi.ts',
  'app.module.ts',
  'app.setup.ts',
  // entry points: the command line, the server, the OpenAPI document for the client generator
  'cli',
  'main.ts',
  'openapi-document.ts',
];

const pathOf = (part) => (part.endsWith('.ts') ? `^src/${part.replace('.', '[.]')}$` : `^src/${part}/`);
const VALUE_IMPORTS = { dependencyTypesNot: ['type-only'] };

const layerRules = LAYERS.slice(0, -1).map((part, index) => ({
  name: `layer:${part}`,
  comment: `${part} may import only what LAYERS lists before it.`,
  severity: 'error',
  from: { path: pathOf(part) },
  to: { path: LAYERS.slice(index + 1).map(pathOf), ...VALUE_IMPORTS },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-unknown-part',
      comment: 'Every top-level part of src/ has its place in LAYERS.',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.map(pathOf) },
      to: {},
    },
    ...layerRules,
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: VALUE_IMPORTS, ...VALUE_IMPORTS },
    },
    {
      name: 'no-foreign-entities-or-repositories',
      comment: "Import the owning module's exported service instead of its entity or repository.",
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: '^src/(database|cli)/' },
      to: {
        path: '^src/([^/]+)/.+[.](entity|repository)[.]ts$',
        pathNot: '^src/$1/',
        ...VALUE_IMPORTS,
      },
    },
    {
      name: 'infrastructure-only-from-bootstrap-and-repositories',
      comment: 'The hand-written HTTP and row layer is for main.ts, app.setup.ts and repositories only.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/infrastructure/', '^src/main[.]ts$', '^src/app[.]setup[.]ts$', '[.]repository[.]ts$'] },
      to: { path: '^src/infrastructure/', ...VALUE_IMPORTS },
    },
    {
      name: 'no-bootstrap-imports',
      comment: 'main.ts and app.setup.ts are the top: only the entry points that build the application import app.setup.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/main[.]ts$', '^src/openapi-document[.]ts$'] },
      to: { path: ['^src/main[.]ts$', '^src/app[.]setup[.]ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
