/**
 * `npm run analytics:rebuild [-- --account <id>] [-- --check]`: recompute the dashboard's rollups
 * from messages (every account, or one), then compare them with count(*) over messages and print
 * any difference (`--check` compares only). Uses DATABASE_URL, or the embedded PostgreSQL of
 * DATA_DIR (the running server's, when it is up). See apps/server/src/modules/analytics/cli.ts.
 */
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/modules/analytics/cli.ts');
