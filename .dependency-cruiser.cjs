/**
 * Module boundaries (style guide, "one owner per table"): a feature module reaches another
 * module's tables only through that module's exported services, never through its entities or
 * repositories. Type-only imports carry no access and are allowed. `src/database` (the entity
 * registry and migrations) and `src/cli` (a composition root, like the app module) are exempt.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-foreign-entities-or-repositories',
      comment: "Import the owning module's exported service instead of its entity or repository.",
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: '^src/(database|cli)/' },
      to: {
        path: '^src/([^/]+)/.+[.](entity|repository)[.]ts$',
        pathNot: '^src/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
