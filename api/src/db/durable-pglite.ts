/**
 * PGlite as durable as PostgreSQL: a commit is acknowledged only once its WAL is on the disk, so
 * a power cut loses no acknowledged repayment, paybill payment or disbursement.
 *
 * PGlite out of the box is not: it starts PostgreSQL with `-F` (fsync off), and even with fsync
 * on, its Node file system (Emscripten's NODEFS) has no `fsync` and `fdatasync` is a no-op, so
 * every sync PostgreSQL asks for vanishes and data reaches the disk whenever the kernel writes
 * its cache back. Measured by `npm run power-cut` (api/src/scripts/power-cut.ts), which drops
 * every write not synced when the "power" goes: before this file, every write of the run was lost.
 *
 * Here PostgreSQL keeps fsync on, syncs its WAL with fsync (the one call NODEFS can route:
 * musl's fsync goes through `fd_sync` to the stream's `fsync`, which this file supplies), and
 * the sync reaches the real file with `fs.fsyncSync`. Checkpoints then sync data files before
 * they move the redo point, as PostgreSQL does on any disk. Cost: one fsync per commit
 * (docs/security.md, "Power cuts, dead disks and upgrades").
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's own start parameters without `-F` (fsync off), WAL synced with fsync. */
export const DURABLE_START_PARAMS: string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/** The file descriptor of Node's file under an Emscripten NODEFS stream. */
interface NodeFsStream {
  nfd?: number;
}

interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeFsStream) => number } };
}

type InitResult = Awaited<ReturnType<NodeFS['init']>>;

export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): Promise<InitResult> {
    const result = await super.init(...args);
    const preRun =
      (result.emscriptenOpts as { preRun?: ((module: EmscriptenModule) => void)[] }).preRun ?? [];
    // Before NODEFS is mounted, so initdb's files are synced too.
    preRun.unshift((module) => {
      module.NODEFS.stream_ops.fsync = (stream) => {
        // Looked up at each call (not a named import), so a test's simulated disk sees it too.
        if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
        return 0;
      };
    });
    return { ...result, emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}
