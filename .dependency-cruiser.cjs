/**
 * The import rules of the house (features form a tree, platform imports no feature; docs/architecture.md), checked by
 * `npm run boundaries` inside `npm test`. A broken rule fails the run and names the import.
 *
 * src/features/<domain>/   contract.ts (what the UI and the server share), pure rules, server/, ui/
 * src/platform/            shared infrastructure: http, db, i18n, mail, storage, browser, ui
 * src/layouts, src/pages   compose the domains into pages (thin)
 */
const domain = '^src/features/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Two modules that import each other cannot be understood (or moved) one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ui-never-imports-server',
      severity: 'error',
      comment:
        'Browser code must not pull server modules (routes, services, repositories, the database, mail) into a page.',
      from: { path: ['^src/features/[^/]+/ui/', '^src/platform/(ui|browser)/', '^src/layouts/'] },
      to: {
        path: [
          '^src/features/[^/]+/server/',
          '^src/platform/(http|db|mail)/',
          '^src/platform/storage/media-(service|routes|storage)\\.ts$',
        ],
      },
    },
    {
      name: 'ui-never-imports-node',
      severity: 'error',
      comment: 'Browser code runs in the browser: no node:* modules.',
      from: { path: ['^src/features/[^/]+/ui/', '^src/platform/(ui|browser)/'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'a-domain-meets-another-through-its-contract',
      severity: 'error',
      comment:
        "Outside the server, a domain reaches another only through that domain's contract.ts (its schemas, types and constants).",
      from: { path: `${domain}(?!server/)` },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/contract\\.ts$',
          // the tournament page's dialogs (a chunk loaded on the first click) include the results domain's report dialog
          '^src/features/results/ui/ReportDialog\\.tsx$',
        ],
      },
    },
    {
      name: 'servers-meet-through-services',
      severity: 'error',
      comment:
        "On the server a domain may also call another domain's service (a badge is paid on a tournament join), never its repositories or routes: each table's SQL has one owner.",
      from: { path: `${domain}server/` },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/contract\\.ts$',
          '^src/features/[^/]+/server/[^/]*service\\.ts$',
        ],
      },
    },
    {
      name: 'platform-knows-no-domain',
      severity: 'error',
      comment:
        'Shared infrastructure serves every domain and depends on none, except the session check of accounts. The composition root that wires the domains together (the app, the entry point, the site renderer, the seed) lives in src/app.',
      from: {
        path: '^src/platform/',
        pathNot: [
          // the bearer token check and the session sweep read accounts' sessions
          '^src/platform/http/(plugins/auth|maintenance)\\.ts$',
        ],
      },
      to: {
        path: '^src/features/',
        // an upload is an admin write, recorded in the audit log like any other
        pathNot: [
          '^src/features/[^/]+/contract\\.ts$',
          '^src/features/accounts/roles\\.ts$',
          '^src/features/audit/server/service\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro'],
    },
  },
};
