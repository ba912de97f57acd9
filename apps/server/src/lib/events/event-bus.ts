import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** A live-update bus of events of type E (support's ticket events, payments' status changes). */
export interface EventBus<E> {
  publish(event: E): Promise<void>;
  subscribe(listener: (event: E) => void): () => void;
  close(): Promise<void>;
}

export type Logger = { warn(obj: object, msg: string): void };

/** In-process only: one server process (PGlite), or tests. */
export function createLocalEventBus<E>(): EventBus<E> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Across server processes over one PostgreSQL: publish is a NOTIFY, and every
 * process (this one included) LISTENs on a connection of its own and fans the event out to
 * its local subscribers. The listening connection reconnects after a drop; events sent
 * while it was down are lost, which the clients' 60 s polling covers.
 */
export async function createPostgresEventBus<E>(database: Database, log: Logger, channel: string): Promise<EventBus<E>> {
  // The pool drizzle runs on carries the connection settings of the listening client.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const local = createLocalEventBus<E>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        void local.publish(JSON.parse(message.payload) as E);
      } catch (error) {
        log.warn({ err: error, channel }, 'live event: unreadable notification');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error, channel }, 'live event listener lost its connection');
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
  };
  const scheduleReconnect = () => {
    const broken = client;
    client = undefined;
    void broken?.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, channel }, 'live event listener could not reconnect');
        scheduleReconnect();
      });
    }, 1000);
  };

  await connect();
  return {
    async publish(event) {
      await database.db.execute(sql`select pg_notify(${channel}, ${JSON.stringify(event)})`);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await local.close();
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * A bus on its own NOTIFY channel (a plain identifier): PostgreSQL fans out through
 * LISTEN/NOTIFY; PGlite (one process) stays in-process.
 */
export async function createEventBus<E>(database: Database, log: Logger, channel: string): Promise<EventBus<E>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  return database.kind === 'postgres' ? createPostgresEventBus<E>(database, log, channel) : createLocalEventBus<E>();
}
