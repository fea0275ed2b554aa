/**
 * The import rules of the house (features form a tree, platform imports no feature; docs/architecture.md), checked by
 * `npm run boundaries` inside `npm test`. A broken rule fails the run and names the import.
 *
 * src/features/<domain>/   contract.ts (what the UI and the server share), pure rules, server/, ui/
 * src/platform/            shared infrastructure: http, db, i18n, mail, storage, browser, ui (imports no feature)
 * src/app/                 the composition root: the app, its routes and site, the entry points, the demo seed
 * src/layouts, src/pages   compose the domains into pages (thin)
 * migrations/              frozen schema history: imports no feature
 */
const domain = '^src/features/([^/]+)/';

/** The features, lowest first: each may import only those before it (docs/architecture.md, "Import rules"). */
const treeOrder = [
  'games',
  'audit',
  'accounts',
  'tournaments',
  'campaign',
  'results',
  'brackets',
  'rewards',
  'players',
  'reminders',
  'privacy',
  'news',
  'dashboard',
];

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
        "Outside the server, a domain reaches another only through that domain's contracts (contract.ts, or a " +
        'named one such as people-contract.ts: its schemas, types and constants) and its endpoints map ' +
        '(endpoints.ts: its routes as the browser calls them, imported as a type).',
      from: { path: `${domain}(?!server/)` },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/(([a-z]+-|)contract|endpoints)\\.ts$'],
      },
    },
    {
      name: 'servers-meet-through-services',
      severity: 'error',
      comment:
        "On the server a domain may also call another domain's service (a badge is paid on a tournament join), " +
        "never its repositories or routes: each table's SQL has one owner.",
      from: { path: `${domain}server/` },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/([a-z]+-|)contract\\.ts$',
          '^src/features/[^/]+/server/[^/]*service\\.ts$',
        ],
      },
    },
    {
      name: 'platform-knows-no-feature',
      severity: 'error',
      comment:
        'Shared infrastructure serves every feature and depends on none: what it needs of one (the session ' +
        'lookup, the audit recorder) it declares as a type, and src/app hands it in.',
      from: { path: '^src/platform/' },
      to: { path: ['^src/features/', '^src/app/'] },
    },
    {
      name: 'migrations-know-no-feature',
      severity: 'error',
      comment:
        'A migration is frozen history: it may not follow a feature as the feature changes, so it imports no ' +
        'feature and not the composition root.',
      from: { path: '^migrations/' },
      to: { path: ['^src/features/', '^src/app/'] },
    },
    {
      name: 'platform-is-handed-the-migrations',
      severity: 'error',
      comment:
        'The migrator runs the list the entry points hand it (migrations/index.ts): the platform names no ' +
        'migration, so the history sits above it.',
      from: { path: '^src/platform/' },
      to: { path: '^migrations/' },
    },
    {
      name: 'nothing-imports-the-composition-root',
      severity: 'error',
      comment: 'src/app wires everything together and may import anything; nothing it wires may import it back.',
      from: { path: '^src/(features|platform|layouts|pages)/' },
      to: { path: '^src/app/' },
    },
    // the features form a tree, lowest first: one rule per feature naming the features above it
    ...treeOrder.slice(0, -1).map((feature, i) => ({
      name: `${feature}-imports-no-feature-above-it`,
      severity: 'error',
      comment:
        `The features form a tree (${treeOrder.join(' → ')}): ${feature} may import only the features before it. ` +
        'What it needs from one above it comes by an event (src/platform/events.ts) or by composition above both ' +
        '(src/app, src/layouts, src/pages, dashboard).',
      from: { path: `^src/features/${feature}/` },
      to: { path: `^src/features/(${treeOrder.slice(i + 1).join('|')})/` },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|migrations)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro'],
    },
  },
};
