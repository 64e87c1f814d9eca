import crypto from 'node:crypto';
import { QR_TOKEN_PREFIX } from '@ticketing/shared/contracts';
import type { Queryable } from '../../db/index.ts';

/**
 * Signed QR tokens of e-tickets (issue 16 §6): HMAC-SHA256 over the reservation, its ticket identifiers
 * and the presentation, tagged with the id of the key that signed it so keys can rotate: the first key
 * signs, every listed key verifies. A door scanner holding the keys verifies offline.
 *
 * Keys: QR_SIGNING_KEYS="keyId:secret,oldKeyId:oldSecret" (secrets of at least 16 characters). Without
 * it, a random key generated once and kept in the database (qr_signing_keys) signs for every api process.
 */
export interface QrKey { id: string; secret: string }
export interface QrPayload { reservationIdentifier: string; ticketIdentifiers: string[]; presentationId: number }
export type QrCheck = { valid: true; keyId: string; payload: QrPayload } | { valid: false; reason: 'MALFORMED' | 'UNKNOWN_KEY' | 'BAD_SIGNATURE'; keyId: string | null };

/** The configured keys, or null when QR_SIGNING_KEYS is not set. */
export function qrKeysFromEnv(env: NodeJS.ProcessEnv = process.env): QrKey[] | null {
  const raw = env.QR_SIGNING_KEYS?.trim();
  if (!raw) return null;
  const keys = raw.split(',').map((p) => {
    const i = p.indexOf(':');
    return { id: p.slice(0, i).trim(), secret: p.slice(i + 1).trim() };
  });
  if (keys.some((k) => !/^[\w-]{1,20}$/.test(k.id) || k.secret.length < 16)) throw new Error('QR_SIGNING_KEYS: keyId:secret pairs, secrets of 16+ characters');
  return keys;
}

/** The signing keys: QR_SIGNING_KEYS, else the database key (created by the first caller). */
export async function loadQrKeys(q: Queryable, env: NodeJS.ProcessEnv = process.env): Promise<QrKey[]> {
  const configured = qrKeysFromEnv(env);
  if (configured) return configured;
  const read = async () => (await q.query<QrKey>('SELECT id, secret FROM qr_signing_keys ORDER BY created_at DESC, id')).rows;
  const stored = await read();
  if (stored.length) return stored;
  await q.query('INSERT INTO qr_signing_keys (id, secret) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', ['db1', crypto.randomBytes(32).toString('base64url')]);
  return read();
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const mac = (secret: string, data: string) => crypto.createHmac('sha256', secret).update(data).digest();

function encode(p: QrPayload): string {
  return `${p.reservationIdentifier}|${p.ticketIdentifiers.join(',')}|${p.presentationId}`;
}

export function signQr(p: QrPayload, keys: QrKey[]): string {
  const key = keys[0]!;
  const head = `${QR_TOKEN_PREFIX}.${key.id}.${b64(encode(p))}`;
  return `${head}.${b64(mac(key.secret, head))}`;
}

export function verifyQr(token: string, keys: QrKey[]): QrCheck {
  const parts = token.trim().split('.');
  if (parts.length !== 4 || parts[0] !== QR_TOKEN_PREFIX) return { valid: false, reason: 'MALFORMED', keyId: null };
  const [, keyId, body, sig] = parts as [string, string, string, string];
  const key = keys.find((k) => k.id === keyId);
  if (!key) return { valid: false, reason: 'UNKNOWN_KEY', keyId };
  const expected = mac(key.secret, `${QR_TOKEN_PREFIX}.${keyId}.${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { valid: false, reason: 'BAD_SIGNATURE', keyId };
  const m = /^([^|]+)\|([^|]*)\|(\d+)$/.exec(Buffer.from(body, 'base64url').toString('utf8'));
  if (!m) return { valid: false, reason: 'MALFORMED', keyId };
  return { valid: true, keyId, payload: { reservationIdentifier: m[1]!, ticketIdentifiers: m[2] ? m[2].split(',') : [], presentationId: Number(m[3]) } };
}
