/**
 * A simulated power cut for a folder written through Node's `fs`, in the spirit of LazyFS (the
 * FUSE file system Jepsen uses): what a file had when it was last fsynced is on the disk; what
 * was written after is in the page cache only, and a power cut loses it. Folder and file names
 * (create, rename, unlink) are taken as durable at once, as LazyFS takes them.
 *
 * PGlite does all its file work with Node's synchronous `fs` calls (Emscripten's NODEFS looks
 * each one up on the `fs` module at call time), so wrapping those calls sees every write and
 * every sync the database makes. Before each write under the watched folder, the bytes it
 * overwrites (and the file's size) go to an undo journal, which a sync of that file clears.
 * `cutTo(target)` copies the folder as it stands and undoes, in the copy, every write not synced:
 * what a machine that lost power at that instant would find on its disk.
 *
 * Not modelled: torn pages within one write (PostgreSQL's full-page writes are meant for that),
 * and the kernel writing dirty pages back early (which only makes a cut kinder).
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';

type Entry =
  | { kind: 'write'; offset: number; oldSize: number; old: Buffer }
  | { kind: 'truncate'; oldSize: number; newSize: number; tail: Buffer };

type Fd = number;

export class PowerCutDisk {
  private readonly root: string;
  private readonly journal = new Map<string, Entry[]>();
  private readonly paths = new Map<Fd, string>();
  private readonly saved: Partial<typeof fs> = {};
  private passThrough = false;
  /** Writes and syncs seen under the folder, and writes whose place could not be read. */
  readonly counts = { writes: 0, syncs: 0, untracked: 0 };
  /** Called before each write under the folder (its number, from 1); a cut may be made there. */
  beforeWrite: ((write: number) => void) | undefined;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private watched(path: fs.PathLike): string | undefined {
    const full = resolve(String(path));
    return full === this.root || full.startsWith(this.root + sep) ? full : undefined;
  }

  private record(path: string, entry: Entry): void {
    const entries = this.journal.get(path);
    if (entries) entries.push(entry);
    else this.journal.set(path, [entry]);
  }

  private sizeOf(path: string): number {
    try {
      return fs.statSync(path).size;
    } catch {
      return 0;
    }
  }

  private bytesOf(path: string, from: number, to: number): Buffer {
    const bytes = Buffer.alloc(Math.max(0, to - from));
    if (bytes.length === 0) return bytes;
    const fd = this.original('openSync')(path, 'r');
    try {
      fs.readSync(fd, bytes, 0, bytes.length, from);
    } finally {
      this.original('closeSync')(fd);
    }
    return bytes;
  }

  private original<K extends keyof typeof fs>(name: K): (typeof fs)[K] {
    return (this.saved[name] ?? fs[name]) as (typeof fs)[K];
  }

  private wrap<K extends keyof typeof fs>(
    name: K,
    wrapper: (original: (typeof fs)[K]) => (typeof fs)[K],
  ): void {
    const original = fs[name];
    this.saved[name] = original as never;
    (fs as Record<string, unknown>)[name] = wrapper(original);
  }

  install(): this {
    this.wrap(
      'openSync',
      (openSync) =>
        ((path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
          const watched = this.passThrough ? undefined : this.watched(path);
          const truncating =
            typeof flags === 'number'
              ? (flags & fs.constants.O_TRUNC) !== 0
              : String(flags ?? '').startsWith('w');
          if (watched && truncating) {
            const oldSize = this.sizeOf(watched);
            if (oldSize > 0)
              this.record(watched, {
                kind: 'truncate',
                oldSize,
                newSize: 0,
                tail: this.bytesOf(watched, 0, oldSize),
              });
          }
          const fd = openSync(path, flags ?? 'r', mode);
          if (watched) this.paths.set(fd, watched);
          return fd;
        }) as typeof fs.openSync,
    );
    this.wrap(
      'closeSync',
      (closeSync) =>
        ((fd: Fd) => {
          this.paths.delete(fd);
          closeSync(fd);
        }) as typeof fs.closeSync,
    );
    this.wrap(
      'writeSync',
      (writeSync) =>
        ((fd: Fd, buffer: NodeJS.ArrayBufferView | string, ...rest: unknown[]) => {
          const path = this.passThrough ? undefined : this.paths.get(fd);
          if (path) {
            this.counts.writes += 1;
            this.beforeWrite?.(this.counts.writes);
            // writeSync(fd, buffer, offsetInBuffer, length, position): the file's place is the last.
            const [, length, position] = rest as [
              number | undefined,
              number | undefined,
              number | null | undefined,
            ];
            if (typeof buffer === 'string' || typeof position !== 'number' || typeof length !== 'number') {
              this.counts.untracked += 1;
            } else {
              const oldSize = this.sizeOf(path);
              const old = this.bytesOf(path, position, Math.min(oldSize, position + length));
              this.record(path, { kind: 'write', offset: position, oldSize, old });
            }
          }
          return (writeSync as (...args: unknown[]) => number)(fd, buffer, ...rest);
        }) as typeof fs.writeSync,
    );
    this.wrap(
      'ftruncateSync',
      (ftruncateSync) =>
        ((fd: Fd, length = 0) => {
          const path = this.passThrough ? undefined : this.paths.get(fd);
          if (path) {
            const oldSize = this.sizeOf(path);
            this.record(path, {
              kind: 'truncate',
              oldSize,
              newSize: length,
              tail: this.bytesOf(path, length, oldSize),
            });
          }
          ftruncateSync(fd, length);
        }) as typeof fs.ftruncateSync,
    );
    const synced = (fd: Fd) => {
      const path = this.paths.get(fd);
      if (!path) return;
      this.counts.syncs += 1;
      this.journal.delete(path);
    };
    this.wrap(
      'fsyncSync',
      (fsyncSync) =>
        ((fd: Fd) => {
          fsyncSync(fd);
          synced(fd);
        }) as typeof fs.fsyncSync,
    );
    this.wrap(
      'fdatasyncSync',
      (fdatasyncSync) =>
        ((fd: Fd) => {
          fdatasyncSync(fd);
          synced(fd);
        }) as typeof fs.fdatasyncSync,
    );
    this.wrap(
      'renameSync',
      (renameSync) =>
        ((from: fs.PathLike, to: fs.PathLike) => {
          renameSync(from, to);
          const [source, target] = [this.watched(from), this.watched(to)];
          if (!source || !target) return;
          // The file moves with what it still owes the disk; the file it replaced is gone.
          const entries = this.journal.get(source);
          this.journal.delete(source);
          if (entries) this.journal.set(target, entries);
          else this.journal.delete(target);
          for (const [fd, path] of this.paths) if (path === source) this.paths.set(fd, target);
        }) as typeof fs.renameSync,
    );
    this.wrap(
      'unlinkSync',
      (unlinkSync) =>
        ((path: fs.PathLike) => {
          unlinkSync(path);
          const watched = this.watched(path);
          if (watched) this.journal.delete(watched);
        }) as typeof fs.unlinkSync,
    );
    syncBuiltinESMExports();
    return this;
  }

  uninstall(): void {
    for (const [name, original] of Object.entries(this.saved))
      (fs as Record<string, unknown>)[name] = original;
    syncBuiltinESMExports();
  }

  /** Writes under the folder that a power cut now would lose. */
  unsyncedWrites(): number {
    let count = 0;
    for (const entries of this.journal.values()) count += entries.length;
    return count;
  }

  /** The folder as a power cut now would leave it, in `target` (which must not exist). */
  cutTo(target: string): void {
    this.passThrough = true;
    try {
      fs.cpSync(this.root, target, { recursive: true });
      for (const [path, entries] of this.journal) {
        const copy = join(target, relative(this.root, path));
        if (!fs.existsSync(copy)) continue;
        const fd = fs.openSync(copy, 'r+');
        try {
          for (const entry of [...entries].reverse()) {
            if (entry.kind === 'write') {
              fs.writeSync(fd, entry.old, 0, entry.old.length, entry.offset);
              fs.ftruncateSync(fd, entry.oldSize);
            } else {
              fs.ftruncateSync(fd, entry.oldSize);
              fs.writeSync(fd, entry.tail, 0, entry.tail.length, entry.newSize);
            }
          }
        } finally {
          fs.closeSync(fd);
        }
      }
    } finally {
      this.passThrough = false;
    }
  }
}
