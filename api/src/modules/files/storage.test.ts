import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, describe, test } from 'node:test';
import { startLocalS3, type LocalS3 } from '../../../test/s3-server';
import { LocalDiskStorage, S3Storage, type FileStorage } from './storage';

async function collect(storage: FileStorage): Promise<{ key: string; writtenAt: number }[]> {
  const found = [];
  for await (const file of storage.list()) found.push(file);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** The one behaviour every storage owes the server, run against each implementation below. */
function storageBehaviour(
  name: string,
  open: () => Promise<{ storage: FileStorage; close(): Promise<void> }>,
) {
  describe(`${name} file storage`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    before(async () => {
      ({ storage, close } = await open());
    });
    after(async () => close());

    test('an empty store lists nothing and opens nothing', async () => {
      assert.deepEqual(await collect(storage), []);
      assert.equal(await storage.open('nothingstoredhere01.png'), null);
    });

    test('what is put is read back as a stream, listed with its write time, and deleted', async () => {
      const before = Date.now();
      const bytes = Buffer.from('not really a png, but bytes are bytes');
      await storage.put('storedstoredstored01.png', bytes);
      await storage.put('storedstoredstored02.jpg', Buffer.from('second'));

      const stream = await storage.open('storedstoredstored01.png');
      assert.ok(stream);
      assert.equal(await text(stream), bytes.toString());

      const listed = await collect(storage);
      assert.deepEqual(
        listed.map((file) => file.key),
        ['storedstoredstored01.png', 'storedstoredstored02.jpg'],
      );
      for (const file of listed) {
        // Whole seconds on S3 (Last-Modified), so compared with a second's margin.
        assert.ok(Math.abs(file.writtenAt - before) < 60_000, `${file.key} written at ${file.writtenAt}`);
      }

      await storage.delete('storedstoredstored01.png');
      await storage.delete('storedstoredstored01.png'); // deleting again is no error
      assert.equal(await storage.open('storedstoredstored01.png'), null);
      assert.deepEqual(
        (await collect(storage)).map((file) => file.key),
        ['storedstoredstored02.jpg'],
      );
      await storage.delete('storedstoredstored02.jpg');
    });

    test('a key the server would not make is refused before any I/O', async () => {
      for (const key of ['../escape.png', 'short.png', 'notanimagenotanimage.txt']) {
        await assert.rejects(storage.put(key, Buffer.from('x')), /Invalid file key/);
        await assert.rejects(storage.open(key), /Invalid file key/);
        await assert.rejects(storage.delete(key), /Invalid file key/);
      }
    });

    test('lists past one page of results', async () => {
      // S3 answers at most 1000 keys a page; the disk has no pages but must list them all too.
      const keys = Array.from(
        { length: 1005 },
        (_, i) => `pagedpagedpaged${String(i).padStart(5, '0')}.webp`,
      );
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from(key))));
      }
      assert.deepEqual(
        (await collect(storage)).map((file) => file.key),
        keys,
      );
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((key) => storage.delete(key)));
      }
      assert.deepEqual(await collect(storage), []);
    });
  });
}

storageBehaviour('Local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'lender-disk-storage-'));
  return {
    storage: new LocalDiskStorage(join(root, 'files')),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

storageBehaviour('S3 bucket', async () => {
  const s3: LocalS3 = await startLocalS3();
  const storage = new S3Storage(s3.settings);
  return {
    storage,
    close: async () => {
      storage.close();
      await s3.close();
    },
  };
});
