import { expect, it } from 'vitest';
import { DayPresentationsResponse, FeaturesResponse, IntegrationResponse, PresentationResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { wrapTitle } from '../src/domains/posters/poster.ts';
import { loadNames, localizePayload } from '../src/lib/localizedNames.ts';

/** Issue 16 item 7 (done by issue 14): posters, GET /integration, names in the visitor's language. */
forEachEngine('posters, integration and names in five languages', (get) => {
  const inject = (url: string, lang?: string) => get().app.inject({ url, headers: lang ? { 'accept-language': lang } : {} });
  const day = () => new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });

  it('GET /features/{id}/placeholderImage: an SVG poster named in the visitor language, 404 for an unknown film', async () => {
    const he = await inject('/api/features/1/placeholderImage');
    expect(he.statusCode).toBe(200);
    expect(he.headers['content-type']).toContain('image/svg+xml');
    expect(he.body).toMatch(/^<svg [^>]*role="img"/);
    expect(he.body).toContain('הים השקט');
    expect(he.body).toContain('direction="rtl"');
    const en = await inject('/api/features/1/placeholderImage', 'en');
    expect(en.body).toContain('The Quiet Sea');
    expect(en.body).not.toContain('direction="rtl"');
    expect((await inject('/api/features/1/placeholderImage?lang=ru')).body).toContain('Тихое море');
    expect((await inject('/api/features/1/placeholderImage', 'ar')).body).toContain('البحر الهادئ');
    const missing = await inject('/api/features/99999/placeholderImage');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'FEATURE_NOT_FOUND' });
    expect((await inject('/api/features/abc/placeholderImage')).statusCode).toBe(400);
  });

  it("the seat map's stage and the sign-in SMS speak the visitor's language in all five (ru, ar, pl read English)", async () => {
    const stage = async (lang: string) => (await inject('/api/seats/seatplanV2?venueId=11&seatplanId=111', lang)).json().seatplan.stage.label as string;
    expect([await stage('he'), await stage('en'), await stage('ru'), await stage('ar'), await stage('pl')]).toEqual(['מסך', 'Screen', 'Экран', 'الشاشة', 'Ekran']);
    const mobileNumber = '0531234501'; // a seeded customer: the code is sent
    const sent = await get().app.inject({ method: 'POST', url: '/api/customer/mobile-login', payload: { mobileNumber }, headers: { 'accept-language': 'ru' }, remoteAddress: '10.16.7.1' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { rows } = await get().db.query<{ body: string }>('SELECT body FROM sms_outbox WHERE to_number = $1 ORDER BY id DESC LIMIT 1', [mobileNumber]);
    expect(rows[0]!.body).toMatch(/^Ваш код подтверждения: \d{6}\./);
  });

  it("video on demand's titles and the customer area's film titles come in ru, ar and pl too", async () => {
    const vod = (await inject('/api/vod', 'ru')).json() as { titles: Array<{ featureId: number; name: string; tickets: Array<{ name: string }> }> };
    const island = vod.titles.find((x) => x.featureId === 14)!;
    expect(island.name).toBe('Дома: Остров');
    expect(island.tickets.length).toBeGreaterThan(0); // the ticket names beside it are not films: left alone
    const names = await loadNames(get().db);
    const area = localizePayload({ upcoming: [{ id: 7, featureId: 1, title: 'The Quiet Sea', tickets: [] }], vod: [{ ticketId: 3, featureId: 1, title: 'The Quiet Sea' }] }, names, 'pl');
    expect(area.upcoming[0]!.title).toBe('Ciche morze');
    expect(area.vod[0]!.title).toBe('Ciche morze');
  });

  it('wraps a long title over lines and never drops a word', () => {
    expect(wrapTitle('Journey to the Galilee')).toEqual(['Journey to', 'the Galilee']);
    expect(wrapTitle('Supercalifragilistic film')).toEqual(['Supercalifragilistic', 'film']);
  });

  it('GET /integration: a fresh hand-over on the partner origin passes; stale, foreign, unknown and malformed ones do not', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ok = await inject(`/api/integration?TS=${now}&ret=${encodeURIComponent('https://partner.example/back?x=1')}&key=DEMO-PARTNER`);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = IntegrationResponse.parse(ok.json());
    expect(body.integration).toMatchObject({ integrationId: 'DEMO-PARTNER', ret: 'https://partner.example/back?x=1', ts: now * 1000 });
    expect((await inject(`/api/integration?TS=${now - 3600}&ret=https://partner.example/&key=DEMO-PARTNER`)).json()).toMatchObject({ error: 'INTEGRATION_DATA_ERROR' });
    expect((await inject(`/api/integration?TS=${now}&ret=https://evil.example/&key=DEMO-PARTNER`)).json()).toMatchObject({ error: 'INTEGRATION_DATA_ERROR' });
    expect((await inject(`/api/integration?TS=${now}&ret=https://partner.example/&key=NOPE`)).statusCode).toBe(404);
    expect((await inject('/api/integration?ret=https://partner.example/&key=DEMO-PARTNER')).statusCode).toBe(400);
  });

  it("names of films, cinemas, venues and products come in the visitor's language (ru, ar, pl), he and en unchanged", async () => {
    const names = async (lang: string) => FeaturesResponse.parse((await inject('/api/features/', lang)).json()).features.find((f) => f.id === 1)!.name;
    expect(await names('he')).toBe('הים השקט');
    expect(await names('en')).toBe('The Quiet Sea');
    expect(await names('ru')).toBe('Тихое море');
    expect(await names('ar-IL,ar;q=0.9')).toBe('البحر الهادئ');
    expect(await names('pl')).toBe('Ciche morze');
    const list = DayPresentationsResponse.parse((await inject(`/api/seats/presentations?date=${day()}`, 'ru')).json()).presentations;
    const tlv = list.find((p) => p.locationId === 1 && p.venueId === 11)!;
    expect(tlv.locationName).toBe('Сити Синема Тель-Авив');
    expect(tlv.venueName).toBe('Зал 1');
    const pres = PresentationResponse.parse((await inject(`/api/presentations/${tlv.id}?lang=pl`)).json()).presentation;
    expect(pres.locationName).toBe('City Cinema Tel Awiw');
    expect(pres.products.map((p) => p.name)).toContain('Popcorn mały');
  });
});
