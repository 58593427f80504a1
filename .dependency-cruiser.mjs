/**
 * The server's import rules, checked by dependency-cruiser (`npm run lint:deps`, and in `npm test`
 * through modules/front-doors.unit.test.ts). docs/architecture.md §3 explains them.
 *
 * - no-runtime-cycle: no file reaches itself again through imports that exist at run time. Type-only
 *   imports are erased by the compiler and may point back (a channel driver names the pipeline's
 *   ChannelDriver type); a cycle of values decides the order modules evaluate in and breaks on a
 *   refactor.
 * - module-front-door: from outside `modules/<m>/` only `modules/<m>/index.ts` is imported, so the
 *   rest of a module can change without anyone else noticing. The routes table (routes.ts, app.ts for
 *   the health routes) is the one exception: it mounts `modules/<m>/*.routes.ts` directly, so that a
 *   front door never drags the HTTP layer (and every module the routes use) into a service's imports.
 * - front-door-without-routes: a front door never re-exports a *.routes.ts file (that was what tied
 *   every module to every other in one cycle).
 * - accounts-below-auth: sign-up (auth) creates accounts through modules/accounts, never the reverse.
 * - channels-below-modules: channels/ speak protocols; they know the pipeline only by its types.
 */
const SRC = '^apps/server/src/';
const TESTS = '\\.test\\.ts$|/src/test/';

export default {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      severity: 'error',
      comment: 'A cycle of run-time imports: break it by moving the shared part down or by passing it in.',
      from: { path: SRC, pathNot: TESTS },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-front-door',
      severity: 'error',
      comment: 'Another module is used through its front door, modules/<m>/index.ts.',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: TESTS },
      to: {
        path: `${SRC}modules/[^/]+/.`,
        pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'front-door-outside-modules',
      severity: 'error',
      comment: 'Code outside modules/ uses a module through its front door, modules/<m>/index.ts.',
      from: { path: SRC, pathNot: [`${SRC}modules/`, `${SRC}(routes|app)\\.ts$`, TESTS] },
      to: { path: `${SRC}modules/[^/]+/.`, pathNot: `${SRC}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'routes-table-mounts-routes',
      severity: 'error',
      comment: "The routes table imports a module's front door or its *.routes.ts files, nothing else.",
      from: { path: `${SRC}(routes|app)\\.ts$` },
      to: { path: `${SRC}modules/[^/]+/.`, pathNot: `${SRC}modules/[^/]+/(index|[^/]*routes|[^/]+/[^/]*routes)\\.ts$` },
    },
    {
      name: 'front-door-without-routes',
      severity: 'error',
      comment: 'A front door offers services; the routes table mounts *.routes.ts itself.',
      from: { path: `${SRC}modules/[^/]+/index\\.ts$` },
      to: { path: `${SRC}modules/[^/]+/[^/]*routes\\.ts$` },
    },
    {
      name: 'accounts-below-auth',
      severity: 'error',
      comment: "Sign-up (auth) calls accounts to create an account; accounts' services never call auth.",
      from: { path: `${SRC}modules/accounts/`, pathNot: [TESTS, '\\.routes\\.ts$'] },
      to: { path: `${SRC}modules/auth/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'channels-below-modules',
      severity: 'error',
      comment: 'channels/ use the modules only for types (the pipeline calls the channels, not the reverse).',
      from: { path: `${SRC}channels/`, pathNot: TESTS },
      to: { path: `${SRC}modules/messaging/`, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    includeOnly: SRC,
    exclude: { path: ['node_modules', `${SRC}db/migrations/`] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs'] },
    doNotFollow: { path: 'node_modules' },
  },
};
