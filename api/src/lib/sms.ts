import type { Queryable } from '../db/index.ts';

/** Sends a text message. Development and tests use the outbox provider (decisions.md: SMS is an interface). */
export interface SmsProvider { send(to: string, text: string): Promise<void> }

/** Writes every message to the sms_outbox table instead of sending it. */
export function outboxSmsProvider(db: Queryable): SmsProvider {
  return {
    async send(to, text) {
      await db.query('INSERT INTO sms_outbox (to_number, body) VALUES ($1, $2)', [to, text]);
    },
  };
}
