/**
 * Where backup files are kept: BACKUP_DIR, and the bucket's `backups/` prefix when S3 is
 * configured. A backup's name carries the instant it was taken, which retention reads.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { s3Client, type S3StorageOptions } from '../files/storage';

export const S3_BACKUP_PREFIX = 'backups/';
const NAME = /^lender-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar$/;

/** lender-backup-2025-03-03T07-00-00-000Z.tar: sortable, and without the colons some systems refuse. */
export const backupFileName = (atMs: number) =>
  `lender-backup-${new Date(atMs).toISOString().replace(/[:.]/g, '-')}.tar`;

/** The instant a backup's name says it was taken, or undefined for any other name. */
export function backupTimeOf(name: string): number | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, day, hours, minutes, seconds, ms] = match;
  const at = Date.parse(`${day}T${hours}:${minutes}:${seconds}.${ms}Z`);
  return Number.isNaN(at) ? undefined : at;
}

/** The backups in BACKUP_DIR (by name; other files are not ours and are left alone). */
export async function listLocalBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.filter((name) => backupTimeOf(name) !== undefined);
}

export async function deleteLocalBackup(dir: string, name: string): Promise<void> {
  await rm(join(dir, name), { force: true });
}

/** The bucket's `backups/` prefix. */
export class BackupBucket {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = s3Client(options);
  }

  get bucket(): string {
    return this.options.bucket;
  }

  /** Uploads the file at `path` as backups/<name>; returns the key. */
  async upload(path: string, name: string): Promise<string> {
    const key = `${S3_BACKUP_PREFIX}${name}`;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: createReadStream(path),
        ContentLength: (await stat(path)).size,
      }),
    );
    return key;
  }

  /** The backups' names under the prefix. */
  async list(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: S3_BACKUP_PREFIX,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(S3_BACKUP_PREFIX.length) ?? '';
        if (backupTimeOf(name) !== undefined) names.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async delete(name: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: `${S3_BACKUP_PREFIX}${name}` }),
    );
  }

  /** Downloads `key` (a full key, as `npm run restore -- s3:<key>` names it) to `path`. */
  async download(key: string, path: string): Promise<void> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
    if (!(object.Body instanceof Readable)) throw new Error(`s3:${key} has no content`);
    await pipeline(object.Body, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  }

  close(): void {
    this.client.destroy();
  }
}
