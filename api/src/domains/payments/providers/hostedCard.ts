import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isValidIsraeliId, LOCALES, PaymentSessionParams, type Locale, type PaymentMessage } from '@ticketing/shared/contracts';
import { agorotToShekels, formatMoney } from '@ticketing/shared/money';
import type { Db, Queryable } from '../../../db/index.ts';
import { route } from '../../../lib/route.ts';
import { brandOf, captureSession, getSession, insertSession, luhn, newToken, transition, type SessionRow } from './sessions.ts';
import type { CaptureInput, CreateSessionInput, CreatedSession, PaymentProvider } from './types.ts';

/**
 * A hosted card page served by the api itself (the provider's page, not a remote): plain server-rendered
 * HTML in the visitor's language (the locale the site opened the session with: he, en, ru, ar, pl) with the
 * provider's own strings, a separate script file (works under a strict CSP without inline scripts) that tells
 * the parent window the outcome with postMessage.
 */

export type CardOutcome = 'approve' | 'decline' | '3ds';

export interface HostedCardOptions {
  id: string;
  brandName: Record<Locale, string>;
  accent: string;
  /** Test cards (digits only) and what they do. */
  testCards: Record<string, CardOutcome>;
}

export const SANDBOX_TEST_CARDS: Record<string, CardOutcome> = {
  '4580000000000000': 'approve',
  '4000000000000002': 'decline',
  '4000000000003220': '3ds',
};

const EN = {
  title: 'Secure payment', amount: 'Amount to pay', payments: 'Number of payments', cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', cvv: 'CVV',
  holderId: "Card holder's ID number", pay: 'Pay', cancel: 'Cancel', sandboxNote: 'Test environment: no real charge is made.', testCards: 'Test cards (any future expiry, any 3-digit CVV, a valid ID number such as 000000018):',
  card_approve: 'approved', card_decline: 'declined', card_3ds: 'asks for 3-D Secure verification',
  errCardNumber: 'The card number is not valid.', errExpiry: 'The expiry date is not valid.', errCvv: 'The CVV is not valid.', errHolderId: 'The ID number is not valid.',
  errUnknownCard: 'In the test environment, use a test card.',
  approved: 'Payment approved.', declined: 'The card was declined.', cancelled: 'The payment was cancelled.', '3ds_failed': '3-D Secure verification failed.',
  expired: 'The payment time ran out.', captured: 'The payment is complete.', challengeTitle: '3-D Secure verification', challengeText: 'Your bank asks you to confirm this payment.',
  challengeApprove: 'Approve', challengeFail: 'Fail verification', paypalTitle: 'PayPal (sandbox)', paypalText: 'Log in to your PayPal account and approve the payment.',
  paypalApprove: 'Approve with PayPal', errors: 'Please correct the marked fields.',
};
type Strings = Record<keyof typeof EN, string>;

/**
 * Every text of the hosted pages (card form, its errors, 3-D Secure, results, PayPal) in the site's five languages: ar,
 * ru and pl visitors had the whole page in English under lang="en" (QA, eighteenth session). "3-D Secure" in a
 * right-to-left line is isolated (LRI…PDI) so it is not reordered ("D Secure-3").
 */
export const PAGE_STRINGS: Record<Locale, Strings> = {
  he: {
    title: 'תשלום מאובטח', amount: 'סכום לתשלום', payments: 'מספר תשלומים', cardNumber: 'מספר כרטיס', expiry: 'תוקף (MM/YY)', cvv: 'CVV',
    holderId: 'תעודת זהות של בעל הכרטיס', pay: 'תשלום', cancel: 'ביטול', sandboxNote: 'סביבת בדיקות: לא מתבצע חיוב אמיתי.', testCards: 'כרטיסי בדיקה (כל תוקף עתידי, כל CVV בן 3 ספרות, תעודת זהות תקינה כמו 000000018):',
    card_approve: 'מאושר', card_decline: 'נדחה', card_3ds: 'מבקש אימות \u20663-D Secure\u2069',
    errCardNumber: 'מספר הכרטיס אינו תקין.', errExpiry: 'תוקף הכרטיס אינו תקין.', errCvv: 'קוד ה-CVV אינו תקין.', errHolderId: 'מספר תעודת הזהות אינו תקין.',
    errUnknownCard: 'בסביבת הבדיקות יש להשתמש בכרטיס בדיקה.',
    approved: 'התשלום אושר.', declined: 'הכרטיס נדחה.', cancelled: 'התשלום בוטל.', '3ds_failed': 'אימות \u20663-D Secure\u2069 נכשל.',
    expired: 'זמן התשלום הסתיים.', captured: 'התשלום הושלם.', challengeTitle: 'אימות \u20663-D Secure\u2069', challengeText: 'הבנק מבקש לאמת את התשלום.',
    challengeApprove: 'אישור', challengeFail: 'כישלון אימות', paypalTitle: 'PayPal (סביבת בדיקות)', paypalText: 'התחברו לחשבון PayPal ואשרו את התשלום.',
    paypalApprove: 'אישור תשלום ב-PayPal', errors: 'יש לתקן את השדות המסומנים.',
  },
  en: EN,
  ru: {
    title: 'Безопасная оплата', amount: 'Сумма к оплате', payments: 'Количество платежей', cardNumber: 'Номер карты', expiry: 'Срок действия (MM/YY)', cvv: 'CVV',
    holderId: 'Номер удостоверения личности владельца карты', pay: 'Оплатить', cancel: 'Отмена', sandboxNote: 'Тестовая среда: реальное списание не производится.',
    testCards: 'Тестовые карты (любой будущий срок действия, любой CVV из 3 цифр, действительный номер удостоверения, например 000000018):',
    card_approve: 'одобрена', card_decline: 'отклонена', card_3ds: 'запрашивает проверку 3-D Secure',
    errCardNumber: 'Номер карты недействителен.', errExpiry: 'Срок действия карты указан неверно.', errCvv: 'Код CVV указан неверно.', errHolderId: 'Номер удостоверения личности недействителен.',
    errUnknownCard: 'В тестовой среде используйте тестовую карту.',
    approved: 'Платёж одобрен.', declined: 'Карта отклонена.', cancelled: 'Платёж отменён.', '3ds_failed': 'Проверка 3-D Secure не пройдена.',
    expired: 'Время на оплату истекло.', captured: 'Платёж завершён.', challengeTitle: 'Проверка 3-D Secure', challengeText: 'Ваш банк просит подтвердить этот платёж.',
    challengeApprove: 'Подтвердить', challengeFail: 'Не пройти проверку', paypalTitle: 'PayPal (тестовая среда)', paypalText: 'Войдите в свой аккаунт PayPal и подтвердите платёж.',
    paypalApprove: 'Подтвердить в PayPal', errors: 'Исправьте отмеченные поля.',
  },
  ar: {
    title: 'دفع آمن', amount: 'المبلغ المطلوب دفعه', payments: 'عدد الدفعات', cardNumber: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (MM/YY)', cvv: 'CVV',
    holderId: 'رقم هوية حامل البطاقة', pay: 'ادفع', cancel: 'إلغاء', sandboxNote: 'بيئة تجريبية: لا يُخصم أي مبلغ فعلي.',
    testCards: 'بطاقات تجريبية (أي تاريخ انتهاء مستقبلي، أي CVV من 3 أرقام، رقم هوية صالح مثل 000000018):',
    card_approve: 'مقبولة', card_decline: 'مرفوضة', card_3ds: 'تطلب التحقق عبر \u20663-D Secure\u2069',
    errCardNumber: 'رقم البطاقة غير صالح.', errExpiry: 'تاريخ انتهاء البطاقة غير صالح.', errCvv: 'رمز CVV غير صالح.', errHolderId: 'رقم الهوية غير صالح.',
    errUnknownCard: 'في البيئة التجريبية يجب استخدام بطاقة تجريبية.',
    approved: 'تمت الموافقة على الدفع.', declined: 'تم رفض البطاقة.', cancelled: 'تم إلغاء الدفع.', '3ds_failed': 'فشل التحقق عبر \u20663-D Secure\u2069.',
    expired: 'انتهى وقت الدفع.', captured: 'اكتمل الدفع.', challengeTitle: 'التحقق عبر \u20663-D Secure\u2069', challengeText: 'يطلب منك البنك تأكيد هذا الدفع.',
    challengeApprove: 'تأكيد', challengeFail: 'إفشال التحقق', paypalTitle: 'PayPal (بيئة تجريبية)', paypalText: 'سجّل الدخول إلى حساب PayPal ووافق على الدفع.',
    paypalApprove: 'الموافقة عبر PayPal', errors: 'يرجى تصحيح الحقول المحددة.',
  },
  pl: {
    title: 'Bezpieczna płatność', amount: 'Kwota do zapłaty', payments: 'Liczba rat', cardNumber: 'Numer karty', expiry: 'Data ważności (MM/YY)', cvv: 'CVV',
    holderId: 'Numer dowodu tożsamości posiadacza karty', pay: 'Zapłać', cancel: 'Anuluj', sandboxNote: 'Środowisko testowe: karta nie zostanie naprawdę obciążona.',
    testCards: 'Karty testowe (dowolna przyszła data ważności, dowolny 3-cyfrowy CVV, prawidłowy numer dowodu, np. 000000018):',
    card_approve: 'zaakceptowana', card_decline: 'odrzucona', card_3ds: 'wymaga weryfikacji 3-D Secure',
    errCardNumber: 'Numer karty jest nieprawidłowy.', errExpiry: 'Data ważności jest nieprawidłowa.', errCvv: 'Kod CVV jest nieprawidłowy.', errHolderId: 'Numer dowodu tożsamości jest nieprawidłowy.',
    errUnknownCard: 'W środowisku testowym użyj karty testowej.',
    approved: 'Płatność zaakceptowana.', declined: 'Karta została odrzucona.', cancelled: 'Płatność została anulowana.', '3ds_failed': 'Weryfikacja 3-D Secure nie powiodła się.',
    expired: 'Czas na płatność minął.', captured: 'Płatność zakończona.', challengeTitle: 'Weryfikacja 3-D Secure', challengeText: 'Twój bank prosi o potwierdzenie tej płatności.',
    challengeApprove: 'Zatwierdź', challengeFail: 'Odrzuć weryfikację', paypalTitle: 'PayPal (środowisko testowe)', paypalText: 'Zaloguj się do konta PayPal i zatwierdź płatność.',
    paypalApprove: 'Zatwierdź w PayPal', errors: 'Popraw zaznaczone pola.',
  },
};

/** A text by a key known only at run time (an error key, a status, a test card's outcome). */
export const text = (t: Strings, key: string): string | undefined => (t as Record<string, string | undefined>)[key];

/** The page's language: the session's locale (one of the site's five; anything else reads English). */
export const pageLang = (locale: string): Locale => ((LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en');
export const pageDir = (lang: Locale): 'rtl' | 'ltr' => (lang === 'he' || lang === 'ar' ? 'rtl' : 'ltr');

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Text for the page's body: an isolated Latin name (LRI…PDI, "3-D Secure" in he and ar) is also kept on one line (a phone's narrow list broke it as "3-" / "D Secure"). */
export const escText = (s: string): string => esc(s).replace(/\u2066[^\u2069]*\u2069/g, (m) => `<span class="nw">${m}</span>`);

/** The amount as the site writes it in this language (shared formatMoney: "‏103.00 ₪" in he and ar, "103,00 ₪" in ru and pl). */
export const money = (agorot: number, lang: Locale): string => formatMoney(agorotToShekels(agorot), lang);

/** The script of every hosted page: posts the outcome to the parent, formats the card number. No inline code. */
export const PAGE_JS = `(function () {
  'use strict';
  var body = document.body;
  var msg = body.getAttribute('data-message');
  var origin = body.getAttribute('data-origin');
  // no data-origin: the site's page shares this page's origin (api parentOriginOf)
  if (msg && window.parent && window.parent !== window) {
    try { window.parent.postMessage(JSON.parse(msg), origin || location.origin); } catch (e) { /* nothing to do */ }
  }
  // Formats what is already typed too: on a slow line the visitor (or a password manager) can fill the form before
  // this script arrives, and only later keys would have been grouped.
  function shape(el, format) {
    if (!el) return;
    var apply = function () { var v = format(el.value); if (v !== el.value) el.value = v; };
    el.addEventListener('input', apply);
    apply();
  }
  shape(document.getElementById('cardNumber'), function (v) {
    return v.replace(/\\D/g, '').slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  shape(document.getElementById('expiry'), function (v) {
    var d = v.replace(/\\D/g, '').slice(0, 4);
    return d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
  });
  // Each answer replaces this page in place instead of navigating the frame: a form's own post added an entry to
  // the site's history per step (card, 3-D Secure), so Back after paying stayed on the order page once per step. The
  // server's answer is the same page it gives a form post; without fetch, or when the call fails, the form posts as
  // before.
  var sending = false;
  document.addEventListener('submit', function (e) {
    var form = e.target;
    // the attributes, not form.action / form.method: the buttons are named "action", which shadows form.action
    var action = form && form.getAttribute && form.getAttribute('action');
    if (e.defaultPrevented || sending || !window.fetch || !action || String(form.getAttribute('method')).toLowerCase() !== 'post') return;
    e.preventDefault();
    sending = true;
    var submitter = e.submitter;
    var data = new URLSearchParams();
    new FormData(form).forEach(function (v, k) { data.append(k, String(v)); });
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var buttons = form.querySelectorAll('button');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    fetch(action, { method: 'POST', body: data, credentials: 'same-origin' }).then(function (r) {
      var type = r.headers.get('content-type') || '';
      if (!r.ok || type.indexOf('text/html') !== 0) throw new Error('not a page');
      return r.text();
    }).then(function (html) {
      document.open();
      document.write(html);
      document.close();
    }, function () {
      for (var j = 0; j < buttons.length; j++) buttons[j].disabled = false;
      var native = document.createElement('input');
      native.type = 'hidden';
      if (submitter && submitter.name) { native.name = submitter.name; native.value = submitter.value; form.appendChild(native); }
      HTMLFormElement.prototype.submit.call(form);
    });
  });
  // Every page (the first one and each that replaces it) puts the focus on its news, which the screen reader reads
  // out: the first field in error (its message is its description), else the page's marked element (the 3-D Secure
  // challenge's heading, described by its text; a result), else the first field. Replacing the page destroyed the
  // focused Pay button, and the challenge has no field: the focus was left on the body, nothing was said and a
  // keyboard user had to hunt for Approve (QA, eighteenth session).
  // Not when the visitor is already in a field: on a slow line this script can arrive after the form is in use, and
  // taking the focus then sent the next keys into the card number.
  var first = document.querySelector('[aria-invalid="true"]') || document.querySelector('[data-focus]') || document.querySelector('input');
  var active = document.activeElement;
  if (first && first.focus && (!active || active === body || active === document.documentElement)) first.focus();
})();
`;

export const PAGE_CSS = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Arial,sans-serif;margin:0;padding:16px;color:#111;background:#fff}
main{max-inline-size:420px;margin-inline:auto}h1{font-size:1.25rem;margin:0 0 8px}.amount{font-size:1.1rem;margin:0 0 12px}
.note{color:#555;font-size:.85rem}label{display:block;font-weight:600;margin-block:10px 4px}
input{inline-size:100%;padding:10px;border:1px solid #888;border-radius:6px;font-size:1rem}input[aria-invalid=true]{border-color:#b00020}
.err{color:#b00020;font-size:.9rem;margin:4px 0 0}.row{display:grid;grid-template-columns:1fr 1fr;grid-template-rows:repeat(3,auto);column-gap:12px}.row>div{display:grid;grid-row:span 3;grid-template-rows:subgrid}.row label{align-self:end}
.nw{white-space:nowrap}
.actions{display:flex;gap:12px;margin-block-start:16px}button{padding:10px 18px;border-radius:6px;border:1px solid var(--accent,#1d4ed8);font-size:1rem;cursor:pointer}
button.primary{background:var(--accent,#1d4ed8);color:#fff}button.secondary{background:#fff;color:var(--accent,#1d4ed8)}
.result{font-size:1.1rem;font-weight:600;padding:16px;border-radius:8px;background:#f3f4f6}
.brand{font-weight:700;color:var(--accent,#1d4ed8)}[tabindex="-1"]:focus{outline:none}`;

export function securityHeaders(reply: FastifyReply, parentOrigin: string): void {
  reply.header('content-security-policy',
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'self'${parentOrigin ? ` ${parentOrigin}` : ''}`);
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  reply.type('text/html; charset=utf-8');
}

/** The provider's page; its main landmark is named (embedded in the site's page, two unnamed mains were one too many). */
export function layout(opts: { lang: Locale; title: string; base: string; accent: string; body: string; message?: PaymentMessage; origin?: string; brand: string }): string {
  const data = opts.message ? ` data-message="${esc(JSON.stringify(opts.message))}" data-origin="${esc(opts.origin ?? '')}"` : '';
  return `<!doctype html>
<html lang="${opts.lang}" dir="${pageDir(opts.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(opts.title)}</title><link rel="stylesheet" href="${opts.base}/page.css"></head>
<body${data} data-accent="${esc(opts.accent)}"><main aria-label="${esc(`${opts.brand}: ${opts.title}`)}">
<p class="brand">${esc(opts.brand)}</p>
${opts.body}
</main><script src="${opts.base}/page.js"></script></body></html>`;
}

const FormBody = z.object({
  cardNumber: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvv: z.string().max(10).optional(),
  holderId: z.string().max(20).optional(),
  action: z.enum(['pay', 'cancel']).optional(),
});
const ChallengeBody = z.object({ action: z.enum(['approve', 'fail', 'cancel']) });

export class HostedCardProvider implements PaymentProvider {
  readonly kind = 'card' as const;
  readonly id: string;
  constructor(protected readonly opts: HostedCardOptions) {
    this.id = opts.id;
  }

  /** Site-relative base of the provider's pages (the api is mounted under /api). */
  get base(): string {
    return `/api/payment/${this.id}`;
  }

  async createSession(q: Queryable, input: CreateSessionInput): Promise<CreatedSession> {
    const s = await insertSession(q, this.id, input);
    return { sessionId: s.id, paymentFormURL: `${this.base}/page/${s.id}`, expiresAt: s.expiresAt };
  }

  capture(q: Queryable, input: CaptureInput): Promise<void> {
    return captureSession(q, this.id, input);
  }

  /** Validates the card fields; returns field → error string key. */
  validateCard(f: z.infer<typeof FormBody>): Record<string, string> {
    const e: Record<string, string> = {};
    const card = (f.cardNumber ?? '').replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(card) || !luhn(card)) e.cardNumber = 'errCardNumber';
    const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec((f.expiry ?? '').trim());
    if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) e.expiry = 'errExpiry';
    else {
      const now = new Date();
      const y = 2000 + Number(m[2]), mo = Number(m[1]);
      if (y < now.getUTCFullYear() || (y === now.getUTCFullYear() && mo < now.getUTCMonth() + 1)) e.expiry = 'errExpiry';
    }
    if (!/^\d{3,4}$/.test((f.cvv ?? '').trim())) e.cvv = 'errCvv';
    if (!isValidIsraeliId((f.holderId ?? '').trim())) e.holderId = 'errHolderId';
    if (!e.cardNumber && !this.opts.testCards[card]) e.cardNumber = 'errUnknownCard';
    return e;
  }

  /** Applies a card submission to a pending session (the state machine's submit step). */
  async submitCard(q: Queryable, s: SessionRow, f: z.infer<typeof FormBody>): Promise<{ status: SessionRow['status']; errors: Record<string, string> }> {
    if (f.action === 'cancel') return { status: (await transition(q, s.id, 'cancelled')).status, errors: {} };
    const errors = this.validateCard(f);
    if (Object.keys(errors).length) return { status: s.status, errors };
    const card = (f.cardNumber ?? '').replace(/[\s-]/g, '');
    const outcome = this.opts.testCards[card]!;
    const set = { token: newToken('tok'), last4: card.slice(-4), brand: brandOf(card) };
    const to = outcome === 'approve' ? 'approved' : outcome === 'decline' ? 'declined' : 'challenge';
    return { status: (await transition(q, s.id, to, set)).status, errors: {} };
  }

  async challenge(q: Queryable, s: SessionRow, action: 'approve' | 'fail' | 'cancel'): Promise<SessionRow['status']> {
    const to = action === 'approve' ? 'approved' : action === 'fail' ? '3ds_failed' : 'cancelled';
    return (await transition(q, s.id, to)).status;
  }

  renderForm(s: SessionRow, errors: Record<string, string> = {}, values: z.infer<typeof FormBody> = {}): string {
    const lang = pageLang(s.locale);
    const t = PAGE_STRINGS[lang];
    const field = (name: string, label: string, attrs: string, value = '') => {
      const err = errors[name];
      return `<div><label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" ${attrs} value="${esc(value)}"${err ? ` aria-invalid="true" aria-describedby="${name}-err"` : ''}>${err ? `<p class="err" id="${name}-err" role="alert">${esc(text(t, err) ?? err)}</p>` : ''}</div>`;
    };
    const summary = Object.keys(errors).length ? `<p class="err" role="alert">${esc(t.errors)}</p>` : '';
    const body = `<h1>${esc(t.title)}</h1>
<p class="amount">${esc(t.amount)}: <strong>${esc(money(s.amount, lang))}</strong>${s.number_of_payments > 1 ? ` · ${esc(t.payments)}: ${s.number_of_payments}` : ''}</p>
${summary}
<form method="post" action="${this.base}/page/${esc(s.id)}" novalidate>
${field('cardNumber', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" required maxlength="23" dir="ltr"', (values.cardNumber ?? '').replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 '))}
<div class="row">${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="MM/YY" dir="ltr"', values.expiry ?? '')}
${field('cvv', t.cvv, 'inputmode="numeric" autocomplete="cc-csc" required maxlength="4" dir="ltr"')}</div>
${field('holderId', t.holderId, 'inputmode="numeric" required maxlength="9" dir="ltr"', values.holderId ?? '')}
<div class="actions"><button class="primary" type="submit" name="action" value="pay">${esc(t.pay)}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${esc(t.cancel)}</button></div>
</form>
<p class="note">${esc(t.sandboxNote)}</p>
${this.testCardList(t)}`;
    return layout({ lang, title: t.title, base: this.base, accent: this.opts.accent, body, brand: this.opts.brandName[lang] });
  }

  /**
   * The test cards and what each does, under the form (QA, sixteenth session: only "use a test card" was said, and which
   * ones work was in the source). A sandbox provider is active in demo mode only, so production never shows them.
   */
  private testCardList(t: Strings): string {
    const items = Object.entries(this.opts.testCards)
      .map(([card, outcome]) => `<li><span dir="ltr">${esc(card.replace(/(\d{4})(?=\d)/g, '$1 '))}</span> — ${escText(text(t, `card_${outcome}`) ?? outcome)}</li>`).join('');
    return `<p class="note" id="test-cards">${esc(t.testCards)}</p><ul class="note" aria-labelledby="test-cards">${items}</ul>`;
  }

  /** The page's heading takes the focus when it replaces the card form (page.js: data-focus), read with the bank's request. */
  renderChallenge(s: SessionRow): string {
    const lang = pageLang(s.locale);
    const t = PAGE_STRINGS[lang];
    const body = `<h1 tabindex="-1" data-focus aria-describedby="challenge-text">${escText(t.challengeTitle)}</h1><p id="challenge-text">${esc(t.challengeText)}</p>
<p class="amount">${esc(t.amount)}: <strong>${esc(money(s.amount, lang))}</strong></p>
<form method="post" action="${this.base}/page/${esc(s.id)}/3ds"><div class="actions">
<button class="primary" type="submit" name="action" value="approve">${esc(t.challengeApprove)}</button>
<button class="secondary" type="submit" name="action" value="fail">${esc(t.challengeFail)}</button>
<button class="secondary" type="submit" name="action" value="cancel">${esc(t.cancel)}</button></div></form>`;
    return layout({ lang, title: t.challengeTitle, base: this.base, accent: this.opts.accent, body, brand: this.opts.brandName[lang] });
  }

  renderResult(s: SessionRow, extra: Partial<PaymentMessage> = {}): string {
    const lang = pageLang(s.locale);
    const t = PAGE_STRINGS[lang];
    const status = s.status === 'approved' || s.status === 'declined' || s.status === 'cancelled' || s.status === '3ds_failed' ? s.status : null;
    const message: PaymentMessage | undefined = status ? { type: 'ticketing:payment', status, paymentIdentifier: s.id, ...extra } : undefined;
    const body = `<h1>${esc(t.title)}</h1><p class="result" role="status" tabindex="-1" data-focus>${escText(text(t, s.status) ?? s.status)}</p>`;
    return layout({ lang, title: t.title, base: this.base, accent: this.opts.accent, body, message, origin: s.parent_origin, brand: this.opts.brandName[lang] });
  }

  /** The page of a session in its current state. */
  renderCurrent(s: SessionRow): string {
    if (s.status === 'pending') return this.renderForm(s);
    if (s.status === 'challenge') return this.renderChallenge(s);
    return this.renderResult(s);
  }

  registerRoutes(app: FastifyInstance, db: Db): void {
    const tags = ['payments'];
    route(app, {
      method: 'GET', url: `/payment/${this.id}/page.js`, summary: `${this.id}: script of the hosted payment page`, tags,
      response: z.string(), produces: 'text/javascript',
      async handler({ reply }) {
        reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300');
        return PAGE_JS;
      },
    });
    route(app, {
      method: 'GET', url: `/payment/${this.id}/page.css`, summary: `${this.id}: style of the hosted payment page`, tags,
      response: z.string(), produces: 'text/css',
      async handler({ reply }) {
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300');
        return PAGE_CSS;
      },
    });
    route(app, {
      method: 'GET', url: `/payment/${this.id}/page/{sessionId}`, summary: `${this.id}: the hosted payment page (shown in an iframe)`, tags,
      params: PaymentSessionParams, response: z.string(), produces: 'text/html', errors: { 404: 'PAYMENT_SESSION_NOT_FOUND' },
      handler: async ({ params, reply }) => {
        const s = await getSession(db, params.sessionId, this.id);
        securityHeaders(reply, s.parent_origin);
        return this.renderCurrent(s);
      },
    });
    route(app, {
      method: 'POST', url: `/payment/${this.id}/page/{sessionId}`, summary: `${this.id}: card submission (form post from the hosted page)`, tags,
      params: PaymentSessionParams, body: FormBody, response: z.string(), produces: 'text/html',
      errors: { 404: 'PAYMENT_SESSION_NOT_FOUND', 409: 'PAYMENT_STATE' },
      handler: async ({ params, body, reply }) => {
        const s = await getSession(db, params.sessionId, this.id);
        securityHeaders(reply, s.parent_origin);
        if (s.status !== 'pending') {
          if (s.status === 'challenge' && body.action === 'cancel') await transition(db, s.id, 'cancelled');
          return this.renderCurrent(await getSession(db, s.id));
        }
        const r = await this.submitCard(db, s, body);
        if (Object.keys(r.errors).length) return this.renderForm(s, r.errors, body);
        return this.renderCurrent(await getSession(db, s.id));
      },
    });
    route(app, {
      method: 'POST', url: `/payment/${this.id}/page/{sessionId}/3ds`, summary: `${this.id}: 3-D Secure challenge answer`, tags,
      params: PaymentSessionParams, body: ChallengeBody, response: z.string(), produces: 'text/html',
      errors: { 404: 'PAYMENT_SESSION_NOT_FOUND', 409: 'PAYMENT_STATE' },
      handler: async ({ params, body, reply }) => {
        const s = await getSession(db, params.sessionId, this.id);
        securityHeaders(reply, s.parent_origin);
        if (s.status !== 'challenge') return this.renderCurrent(s);
        await this.challenge(db, s, body.action);
        return this.renderCurrent(await getSession(db, s.id));
      },
    });
  }
}

export function sandboxProvider(): HostedCardProvider {
  return new HostedCardProvider({ id: 'sandbox', brandName: { he: 'סליקת בדיקות', en: 'Sandbox Pay', ru: 'Sandbox Pay (тест)', ar: 'Sandbox Pay (تجريبي)', pl: 'Sandbox Pay (test)' }, accent: '#1d4ed8', testCards: SANDBOX_TEST_CARDS });
}

/** The second card provider: the same sandbox behaviour and test cards under its own brand and address. */
export function altCardProvider(): HostedCardProvider {
  return new HostedCardProvider({ id: 'altcard', brandName: { he: 'כרטיס חלופי (בדיקות)', en: 'AltCard (test)', ru: 'AltCard (тест)', ar: 'AltCard (تجريبي)', pl: 'AltCard (test)' }, accent: '#7c3aed', testCards: SANDBOX_TEST_CARDS });
}

