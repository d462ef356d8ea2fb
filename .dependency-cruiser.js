// Module boundaries `npm run lint` holds (decision 022). ESLint sees one file at a time, so it
// cannot see a cycle that runs through several modules; dependency-cruiser builds the whole
// graph once and checks these rules on it. scripts/module-boundaries/module-boundaries.test.mjs
// proves each rule fires on the fixtures beside it.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'api-module-cycle',
      comment:
        'API modules form a graph without cycles: when two modules need each other, one of them ' +
        'publishes a hook the other subscribes to where the app is wired (orders/hooks.ts), or ' +
        'the shared piece moves to the module that owns it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/api/src/modules/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'api-other-module-repository',
      comment:
        "A module calls another module's service, never its repository: the owner's rules " +
        '(holds, audit rows, cache invalidation) live in its service.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/[^/]+/repository', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'web-feature-imports-feature',
      comment:
        'Web features do not import each other (bulletproof-react): routes compose them, and what ' +
        'several features share lives in app/components, app/hooks or app/lib.',
      severity: 'error',
      from: { path: '^apps/web/app/features/([^/]+)/' },
      to: { path: '^apps/web/app/features/', pathNot: '^apps/web/app/features/$1/' },
    },
  ],
  options: {
    // Only the modules and features the rules speak of: a folder cycle through db/ or plugins/
    // (which wrap a few module pieces for the app) is not a cycle between modules.
    includeOnly: ['^apps/api/src/modules/', '^apps/web/app/features/'],
    // Type-only imports bind modules too: a type import from another module's repository is
    // still a reach into its storage.
    tsPreCompilationDeps: true,
    // The web app's `~/` alias is the only path alias in the repository; the API imports by
    // relative path, which needs no configuration.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
};
