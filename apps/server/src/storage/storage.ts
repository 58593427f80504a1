import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk by default; an S3-compatible driver plugs in here later. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
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
  };
}

/** The configured storage driver (local disk under DATA_DIR/files by default). */
export function createStorage(config: { filesDir: string }): Storage {
  return localStorage(config.filesDir);
}

export type FileKind = 'png' | 'jpg' | 'pdf';

/** Decide a file's type by its first bytes, never by its name. */
export function sniffType(buf: Buffer): FileKind | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 5 && buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

export const MIME: Record<FileKind, string> = { png: 'image/png', jpg: 'image/jpeg', pdf: 'application/pdf' };
