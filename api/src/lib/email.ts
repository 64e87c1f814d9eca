import type { Queryable } from '../db/index.ts';

export interface EmailMessage { to: string; subject: string; text: string; html: string }

/**
 * Sends an e-mail. Development and tests use the outbox provider, as for SMS (lib/sms.ts); a real provider
 * (SMTP relay, a mail API) implements this and is handed to the plugins that send (README: E-mail).
 */
export interface EmailProvider { send(message: EmailMessage): Promise<void> }

/** Writes every message to the email_outbox table instead of sending it (read at GET /api/dev/email-outbox in demo mode). */
export function outboxEmailProvider(db: Queryable): EmailProvider {
  return {
    async send(m) {
      await db.query('INSERT INTO email_outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4)', [m.to, m.subject, m.text, m.html]);
    },
  };
}
