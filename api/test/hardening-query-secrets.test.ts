/**
 * Issue 13 point 8: ID numbers, voucher references, member numbers, codes and partner references never travel
 * in a query string (query strings land in access logs). Checked on the api's own OpenAPI document: no
 * operation declares such a query parameter; the calls that need them take them in a POST body.
 */
import { expect, it } from 'vitest';
import { forEachEngine } from './harness.ts';

/** Query parameter names that would carry a secret or a personal number. */
const SENSITIVE = /^(ssn|idNumber|id_number|memberNumber|member_number|reference\d?|systemVoucher|voucher|ticketCode|coupon|couponCode|holderId)$/i;

forEachEngine('hardening: no secrets in query strings', (get) => {
  it('the OpenAPI document has no query parameter for an ID number, voucher reference, member number or code', async () => {
    const doc = (await get().app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    const found: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) if (p.in === 'query' && SENSITIVE.test(p.name)) found.push(`${method.toUpperCase()} ${path} ?${p.name}`);
      }
    }
    expect(found).toEqual([]);
    // the lookups that take them are POST operations with a body
    for (const path of ['/api/presentations/{id}/ticket', '/api/payment/voucher', '/api/mini-site/validate/{url}']) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['post']);
    }
  });
});
