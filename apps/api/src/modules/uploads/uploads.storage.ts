import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Internal names only: a UUID and the variant. Nothing the client sent ever becomes a path. */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(card|detail)\.webp$/;

export function newImageKeys(): { card: string; detail: string } {
  const id = randomUUID();
  return { card: `${id}-card.webp`, detail: `${id}-detail.webp` };
}

export function uploadUrl(key: string): string {
  return `/api/uploads/${key}`;
}

/**
 * Where re-encoded images live: `DATA_DIR/uploads/`. The interface is what an S3-compatible
 * store would implement too.
 */
export interface UploadStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream and its size, or null when the key is unknown. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(keys: string[]): Promise<void>;
}

export class DiskStorage implements UploadStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!UPLOAD_KEY_PATTERN.test(key)) throw new Error('invalid upload key');
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const target = this.pathOf(key);
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, data, { flag: 'wx' });
    await fs.promises.rename(temporary, target);
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!UPLOAD_KEY_PATTERN.test(key)) return null;
    const file = this.pathOf(key);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.promises.rm(this.pathOf(key), { force: true })));
  }
}

const storages = new WeakMap<object, UploadStorage>();

/** The storage of one app (one per config, so tests with their own DATA_DIR stay apart). */
export function uploadStorage(app: { config: { DATA_DIR: string } }): UploadStorage {
  let storage = storages.get(app.config);
  if (!storage) {
    storage = new DiskStorage(path.join(app.config.DATA_DIR, 'uploads'));
    storages.set(app.config, storage);
  }
  return storage;
}
