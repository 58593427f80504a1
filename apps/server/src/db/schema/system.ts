import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * The processes running against this database (instances/registry.ts). A row is live while its
 * process holds the session advisory lock (0x5249, id); not a tenant table.
 */
export const instances = pgTable('instances', {
  id: serial('id').primaryKey(),
  /** all | api | worker */
  role: text('role').notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  /** `local` or `s3:<endpoint>/<bucket>` */
  storage: text('storage').notNull(),
  /** local storage: the name of the file this process wrote under the files directory */
  files_marker: text('files_marker'),
  /** its job worker is running (what /ready of an API process looks for) */
  worker_running: boolean('worker_running').notNull().default(false),
  started_at: ts('started_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
