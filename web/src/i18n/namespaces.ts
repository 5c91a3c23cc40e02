/**
 * The message catalogue's namespaces: one per feature folder (features/<name>), and `common` for what the
 * shared components, layout and app shell say. Each language has one JSON file per namespace under
 * locales/<language>/; a component reads its own with useTranslation('<namespace>').
 */
export const NAMESPACES = [
  'common',
  'account',
  'auth',
  'help',
  'landing',
  'mosques',
  'pages',
  'schedule',
  'settings',
  'subscriptions',
  'support',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
