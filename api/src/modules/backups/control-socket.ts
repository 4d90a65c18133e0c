/**
 * The running server's door for `npm run backup`: PGlite is one process on its folder, so while
 * the server runs only the server can dump it. A Unix domain socket in DATA_DIR (the owner's
 * alone: the folder is 0700 and the socket 0600) takes one JSON line, `{"command":"backup"}`, and
 * answers one: `{"ok":true,"backup":{…}}` or `{"ok":false,"error":"…"}`.
 */
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { BackupResult } from './service';

export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

/** Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux). */
export const MAX_SOCKET_PATH = 100;

export type ControlAnswer = { ok: true; backup: BackupResult } | { ok: false; error: string };

/** Reads one line from `socket` (the request or the answer are one JSON line each). */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(text.slice(0, end));
      else if (text.length > 64_000) reject(new Error('Line too long'));
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/**
 * Listens on `path` (a socket left by a server that died is replaced) and answers backup requests
 * with `backup()`. Returns the function that closes it and removes the socket.
 */
export async function listenForControl(
  path: string,
  backup: () => Promise<BackupResult>,
): Promise<() => Promise<void>> {
  // The PGlite lock already refused a second live server on this folder: a socket here is stale.
  await rm(path, { force: true });
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    void readLine(socket)
      .then(async (line): Promise<ControlAnswer> => {
        const request = JSON.parse(line) as { command?: unknown };
        if (request.command !== 'backup') return { ok: false, error: 'Unknown command' };
        return { ok: true, backup: await backup() };
      })
      .catch((error: unknown): ControlAnswer => ({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }))
      .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(path, { force: true });
  };
}

/**
 * Asks the server listening on `path` for a backup and waits for its answer; undefined when no
 * server listens there (no socket, or one a dead server left).
 */
export async function askServerForBackup(path: string): Promise<ControlAnswer | undefined> {
  const socket = createConnection(path);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (error) {
    socket.destroy();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  socket.write(`${JSON.stringify({ command: 'backup' })}\n`);
  const line = await readLine(socket);
  socket.destroy();
  return JSON.parse(line) as ControlAnswer;
}
