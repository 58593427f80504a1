import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/storage.ts';

/** What every module needs, built once by main.ts (or a test) and handed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** Uploaded files: local disk by default, S3-compatible when configured. */
  storage: Storage;
}
