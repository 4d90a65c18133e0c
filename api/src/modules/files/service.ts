import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Executor } from '../../db/client';
import type { FILE_OWNER_ENTITIES, FILE_PURPOSES } from '../../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/errors';
import type { SignatureCheck } from '../../domain/signed-url';
import { findFile, insertFile, recordedKeys } from './repository';
import { FILE_KEY_PATTERN, type FileStorage } from './storage';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED_IMAGES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** An upload that passed inspection: its type comes from its bytes. */
export interface InspectedImage {
  bytes: Buffer;
  mime: string;
  extension: string;
}

/**
 * Checks an uploaded photo before anything is stored: JPEG, PNG or WebP recognised from the
 * bytes (never the name or declared type), at most 5 MB (docs/product.md#customers-and-files).
 */
export async function inspectImage(bytes: Buffer, field: string): Promise<InspectedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw ValidationError.field(field, 'Image must be at most 5 MB');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type ? ACCEPTED_IMAGES[type.mime] : undefined;
  if (!type || !extension) {
    throw ValidationError.field(
      field,
      `Image must be a JPEG, PNG or WebP file${type ? ` (this file is ${type.mime})` : ' (the file content is not an image)'}`,
    );
  }
  return { bytes, mime: type.mime, extension };
}

export interface FileWriter {
  /** Records the file in the transaction and writes its bytes; returns the new key. */
  saveImage(
    tx: Executor,
    image: InspectedImage,
    owner: {
      entity: (typeof FILE_OWNER_ENTITIES)[number];
      id: number;
      purpose: (typeof FILE_PURPOSES)[number];
      createdBy: number | null;
    },
    at: Date,
  ): Promise<string>;
}

/**
 * Runs `work` (which opens the transaction) with a writer that remembers the files it wrote:
 * if `work` fails, for example because the transaction rolled back, those files are deleted,
 * so that a failure stores nothing.
 */
export async function withFileWrites<T>(
  storage: FileStorage,
  work: (files: FileWriter) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const writer: FileWriter = {
    async saveImage(tx, image, owner, at) {
      const key = `${randomBytes(18).toString('base64url')}.${image.extension}`;
      await insertFile(tx, {
        key,
        ownerEntity: owner.entity,
        ownerId: owner.id,
        purpose: owner.purpose,
        mime: image.mime,
        size: image.bytes.length,
        createdBy: owner.createdBy,
        createdAt: at,
      });
      await storage.put(key, image.bytes);
      written.push(key);
      return key;
    },
  };
  try {
    return await work(writer);
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** A file younger than this may belong to an upload whose transaction has not committed yet. */
export const ORPHAN_GRACE_MS = 15 * 60_000;
const SWEEP_BATCH = 500;

/**
 * Deletes stored files that no record points at and that are older than the grace period: what a
 * crash between writing an upload and committing its record leaves behind (withFileWrites cleans
 * up after every failure it lives to see). Reads the folder in batches; returns what it found.
 */
export async function sweepOrphanFiles(
  db: Executor,
  storage: FileStorage,
  nowMs: number,
): Promise<{ checked: number; removed: number }> {
  let checked = 0;
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const recorded = await recordedKeys(db, batch);
    const orphans = batch.filter((key) => !recorded.has(key));
    await Promise.all(orphans.map((key) => storage.delete(key)));
    removed += orphans.length;
    batch = [];
  };
  for await (const file of storage.list()) {
    if (nowMs - file.writtenAt < ORPHAN_GRACE_MS) continue;
    checked += 1;
    batch.push(file.key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  return { checked, removed };
}

/**
 * The stored file a signed URL names, opened for streaming: 403 when the link is not valid or has
 * expired (checkSignature's verdict), 404 when no such file is recorded or stored.
 */
export async function openSignedFile(
  db: Executor,
  storage: FileStorage,
  key: string,
  signature: SignatureCheck,
) {
  if (signature !== 'valid') {
    throw new ForbiddenError(
      signature === 'expired' ? 'This file link has expired; reload the page' : 'This file link is not valid',
    );
  }
  const row = FILE_KEY_PATTERN.test(key) ? await findFile(db, key) : undefined;
  const stream = row ? await storage.open(key) : null;
  if (!row || !stream) throw new NotFoundError('File not found');
  return { mime: row.mime, size: row.size, stream };
}
