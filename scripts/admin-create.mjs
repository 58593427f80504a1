/**
 * `npm run admin:create -- --email <address> [--name <name>]`: create (or re-activate) a platform
 * operator, who signs in at /admin/login with a code mailed to the address — never a password.
 * Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR. See apps/server/src/modules/admin/cli.ts.
 */
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/modules/admin/cli.ts');
