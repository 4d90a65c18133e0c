/**
 * The loop every outbox worker runs (issue 35; docs/integrations.md#outboxes): once the server
 * listens, a round every `intervalMs`, each round delivering what is due; never during start-up,
 * never inside a request's transaction, stopped when the server closes (a round in progress is
 * awaited). A round that throws (the database briefly gone) is logged and the next one tries again.
 */
import type { FastifyInstance } from 'fastify';

export interface OutboxLoop {
  name: string;
  intervalMs: number;
  round(): Promise<unknown>;
}

export function runOutboxLoop(app: FastifyInstance, loop: OutboxLoop): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      running = loop
        .round()
        .catch((error: unknown) => app.log.error({ err: error }, `${loop.name}: round failed; trying again`))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, loop.intervalMs);
    timer.unref();
  };
  app.addHook('onListen', async () => schedule());
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}
