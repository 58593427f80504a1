import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from './s3.ts';
import { signDownload } from './signing.ts';

export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** Where uploaded files live: local disk by default, an S3-compatible bucket when configured. */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Objects whose key starts with `prefix`. */
  list(prefix: string): Promise<StoredObject[]>;
  /** A link that reads the object without a session until it expires (`seconds` from now). */
  signedUrl(key: string, seconds: number, opts?: { filename?: string; contentType?: string }): Promise<string>;
}

/**
 * Files under `root`. Signed links point at our own `/api/s3/download?key=&exp=&sig=` (an HMAC over
 * key and expiry), since a disk cannot sign anything itself.
 */
export function localStorage(root: string, signing: { secret: string; baseUrl: string }): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    driver: 'local',
    async put(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, full); // readers never see half a file
    },
    async get(key) {
      return readFile(resolve(key)).catch(() => null);
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async stat(key) {
      const s = await stat(resolve(key)).catch(() => null);
      return s?.isFile() ? { size: s.size } : null;
    },
    async list(prefix) {
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      const out: StoredObject[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, full).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const s = await stat(full);
        out.push({ key, size: s.size, lastModified: s.mtime });
      }
      return out.sort((a, b) => a.key.localeCompare(b.key));
    },
    async signedUrl(key, seconds) {
      const exp = Math.floor(Date.now() / 1000) + seconds;
      const query = new URLSearchParams({ key, exp: String(exp), sig: signDownload(signing.secret, key, exp) });
      return `${signing.baseUrl}/api/s3/download?${query}`;
    },
  };
}

/** The configured driver: S3-compatible when a bucket is set, else local disk under DATA_DIR/files. */
export function createStorage(config: { filesDir: string; publicUrl: string; jwtSecret: string; s3: S3Settings | null }): Storage {
  if (config.s3) return lazyS3(config.s3);
  return localStorage(config.filesDir, { secret: config.jwtSecret, baseUrl: config.publicUrl });
}

/** The S3 driver, with the AWS SDK (~30 MB of memory) loaded on the first call only (decisions.md, memory). */
function lazyS3(settings: S3Settings): Storage {
  let loaded: Promise<Storage> | null = null;
  const s3 = () => (loaded ??= import('./s3.ts').then((m) => m.s3Storage(settings)));
  return {
    driver: 's3',
    put: async (key, body, contentType) => (await s3()).put(key, body, contentType),
    get: async (key) => (await s3()).get(key),
    remove: async (key) => (await s3()).remove(key),
    stat: async (key) => (await s3()).stat(key),
    list: async (prefix) => (await s3()).list(prefix),
    signedUrl: async (key, seconds, opts) => (await s3()).signedUrl(key, seconds, opts),
  };
}

export type PictureKind = 'png' | 'jpg' | 'pdf';

/** Decide a file's type by its first bytes, never by its name. */
export function sniffType(buf: Buffer): PictureKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

export const MIME: Record<PictureKind, string> = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };
