import type { FastifyInstance } from 'fastify';
import {
  MembershipsQuery, MembershipsResponse, SystemVouchersQuery, SystemVouchersResponse,
} from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { route } from '../../lib/route.ts';
import { addDays, jerusalemToday, shekels } from '../../lib/time.ts';
import { pick } from '../../lib/lang.ts';

const ILS = { CurrencyId: 1, CurrencySymbol: '₪', CurrencyCode: 'ILS' };
const MAX_QUANTITY = 10; // spec section 9: memberships and vouchers

/** First-screen lists: memberships, system vouchers (donations: the donations domain). */
export async function listsPlugin(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;

  route(app, {
    method: 'GET', url: '/memberships', summary: 'Memberships for sale', tags: ['memberships'],
    query: MembershipsQuery, response: MembershipsResponse,
    async handler({ query, lang }) {
      const { rows } = await db.query<{
        id: number; type_id: number; code: string; name_he: string; name_en: string; class_name_he: string; class_name_en: string;
        description_he: string; description_en: string; terms_id: number; series_size: number | null;
        prices: Array<{ id: number; price_code: string; name_he: string; name_en: string; price: number; discount_id: number | null }>;
      }>(`
        SELECT m.*, COALESCE((SELECT json_agg(json_build_object('id', mp.id, 'price_code', mp.price_code, 'name_he', mp.name_he,
                 'name_en', mp.name_en, 'price', mp.price, 'discount_id', mp.discount_id) ORDER BY mp.id)
                 FROM membership_prices mp WHERE mp.membership_id = m.id), '[]') AS prices
        FROM memberships m WHERE ($1::text IS NULL OR m.code = $1) ORDER BY m.id`, [query.code ?? null]);
      return {
        memberships: rows.map((m) => ({
          MembershipId: m.id,
          MembershipTypeId: m.type_id,
          Code: m.code,
          Name: pick(lang, m.name_he, m.name_en),
          ClassName: pick(lang, m.class_name_he, m.class_name_en),
          Description: pick(lang, m.description_he, m.description_en),
          prices: m.prices.map((p) => ({
            MembershipPriceId: p.id, PriceCode: p.price_code, Name: pick(lang, p.name_he, p.name_en), Price: shekels(p.price),
            currency: ILS, selectedQuantity: 0, usedQuantity: 0, DiscountId: p.discount_id, SystemVoucherReference: null,
          })),
          terms: { termsId: m.terms_id, text: pick(lang, 'תקנון המנויים', 'Membership terms') },
          seriesSize: m.series_size,
          maxQuantity: MAX_QUANTITY,
        })),
      };
    },
  });

  route(app, {
    method: 'GET', url: '/system-vouchers', summary: 'System (gift) vouchers for sale', tags: ['vouchers'],
    query: SystemVouchersQuery, response: SystemVouchersResponse,
    async handler({ query, lang }) {
      // the account credit (migration 340) is a voucher of the catalog, never for sale
      const sc = await db.query<{ id: number; name_he: string; name_en: string }>('SELECT * FROM system_voucher_super_classes WHERE NOT is_account_credit ORDER BY id');
      const { rows } = await db.query<{
        id: number; class_id: number; super_class_id: number; name_he: string; name_en: string; description_he: string;
        description_en: string; validity_days: number; terms_id: number;
        prices: Array<{ id: number; price: number; is_open_price: boolean; min_price: number | null; max_price: number | null; redemption: Array<{ reference: string; price: number }> }>;
      }>(`
        SELECT v.*, COALESCE((SELECT json_agg(json_build_object('id', p.id, 'price', p.price, 'is_open_price', p.is_open_price,
                 'min_price', p.min_price, 'max_price', p.max_price, 'redemption', p.redemption) ORDER BY p.id)
                 FROM system_voucher_prices p WHERE p.voucher_id = v.id), '[]') AS prices
        FROM system_vouchers v WHERE NOT v.is_account_credit AND ($1::int IS NULL OR v.super_class_id = $1::int) ORDER BY v.id`, [query.superClassId ?? null]);
      const today = jerusalemToday();
      const scName = new Map(sc.rows.map((s) => [s.id, pick(lang, s.name_he, s.name_en)]));
      return {
        superClasses: sc.rows.map((s) => ({ id: s.id, name: pick(lang, s.name_he, s.name_en) })),
        vouchers: rows.map((v) => ({
          SystemVoucherId: v.id,
          SystemVoucherClassId: v.class_id,
          SystemVoucherSuperClassId: v.super_class_id,
          SuperClassName: scName.get(v.super_class_id) ?? '',
          Name: pick(lang, v.name_he, v.name_en),
          Description: pick(lang, v.description_he, v.description_en),
          Prices: v.prices.map((p) => ({
            SystemVoucherPriceId: p.id, Price: shekels(p.price), isOpenPrice: p.is_open_price,
            minPrice: p.min_price === null ? null : shekels(p.min_price), maxPrice: p.max_price === null ? null : shekels(p.max_price),
            redemptionData: p.redemption.map((d) => ({ reference: d.reference, price: shekels(d.price) })),
          })),
          Dates: { startDate: today, endDate: addDays(today, v.validity_days), validityDays: v.validity_days },
          Terms: { termsId: v.terms_id, text: pick(lang, 'תקנון השוברים', 'Voucher terms') },
          maxQuantity: MAX_QUANTITY,
        })),
      };
    },
  });
}
