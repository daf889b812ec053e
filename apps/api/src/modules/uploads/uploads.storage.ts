import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/**
 * Internal names only: a UUID and the variant (an event image's three, a partner logo's `detail`,
 * a profile photo's `avatar`, a message's photo's `message` and `message-small`). Nothing the
 * client sent ever becomes a path.
 */
export const UPLOAD_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(card|medium|detail|avatar|message|message-small)\.webp$/;

/** The photos of private conversations (decision 065): kept by the reader's browser only, never by a shared cache. */
export const MESSAGE_KEY_PATTERN = /-message(-small)?\.webp$/;
/**
 * The stored 1200×630 share previews (decision 022): `{imageId}-apercu.jpg` cut from an event image,
 * `{eventId}-{fingerprint}-apercu.jpg` drawn for an event without one. Served only through the event's
 * `apercu.jpg` (which checks access), never by `GET /uploads/{key}`.
 */
export const PREVIEW_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(?:[0-9a-f]{16}-)?apercu\.jpg$/;

function storedKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key) || PREVIEW_KEY_PATTERN.test(key);
}

/** The preview key of an event image (from its detail key). */
export function imagePreviewKey(detailKey: string): string {
  return detailKey.replace(/-detail\.webp$/, '-apercu.jpg');
}

/** The preview key of an event without image, for one version of its text (`fingerprint`: 16 hex). */
export function cardPreviewKey(eventId: string, fingerprint: string): string {
  return `${eventId}-${fingerprint}-apercu.jpg`;
}

export function newImageKeys(): { card: string; medium: string; detail: string } {
  const id = randomUUID();
  return { card: `${id}-card.webp`, medium: `${id}-medium.webp`, detail: `${id}-detail.webp` };
}

/** A new profile photo's key (decision 046). */
export function newAvatarKey(): string {
  return `${randomUUID()}-avatar.webp`;
}

/** A message's photo's two keys, from its id (decision 065). */
export function messageImageKeys(id: string): { full: string; small: string } {
  return { full: `${id}-message.webp`, small: `${id}-message-small.webp` };
}

export function uploadUrl(key: string): string {
  return `/api/uploads/${key}`;
}

/** The stored key behind an address made by `uploadUrl`, or null for any other address. */
export function keyOfUploadUrl(url: string | null | undefined): string | null {
  const key = url?.startsWith('/api/uploads/') ? url.slice('/api/uploads/'.length) : null;
  return key && UPLOAD_KEY_PATTERN.test(key) ? key : null;
}

/** Where re-encoded images live: `DATA_DIR/uploads/` (DiskStorage) or an S3 bucket (S3Storage). */
export interface UploadStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** A stream and its size, or null when the key is unknown. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(keys: string[]): Promise<void>;
}

export class DiskStorage implements UploadStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!storedKey(key)) throw new Error('invalid upload key');
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
    if (!storedKey(key)) return null;
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

/** Any S3-compatible store (AWS S3, MinIO, Cloudflare R2, Scaleway…): one object per key. */
export class S3Storage implements UploadStorage {
  private readonly client: S3Client;

  constructor(
    private readonly bucket: string,
    options: { endpoint?: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean },
  ) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    if (!storedKey(key)) throw new Error('invalid upload key');
    const type = key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: type }));
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    if (!storedKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) return null;
      return { stream: object.Body, size: object.ContentLength };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async remove(keys: string[]): Promise<void> {
    const valid = keys.filter(storedKey);
    if (valid.length === 0) return;
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: valid.map((Key) => ({ Key })), Quiet: true } }),
    );
  }
}

type StorageConfig = Pick<
  Config,
  'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The storage the config names: the S3 bucket of `S3_BUCKET`, else `DATA_DIR/uploads/`. */
export function createUploadStorage(config: StorageConfig): UploadStorage {
  return config.S3_BUCKET
    ? new S3Storage(config.S3_BUCKET, {
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      })
    : new DiskStorage(path.join(config.DATA_DIR, 'uploads'));
}
