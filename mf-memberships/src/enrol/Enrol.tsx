import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  currentLocale, customerSignInUrl, ErrorNotice, formatLongDateTime, formatMoney, publish, registerCart, Spinner, startCart, type ApiFailure,
} from '@ticketing/shared';
import { SeatSelection } from '@ticketing/seatmap';
import type { EnrolOrderBody, EnrolSeason } from '@ticketing/shared/contracts/enrolment';
import { NAMESPACE } from '../locales';
import { usePresentationQuery } from '../api';
import type { MembershipsDispatch, MembershipsState } from '../store';
import { HoldTimer } from '../HoldTimer';
import { useErrorText } from '../purchase/CheckoutSteps';
import { useCheckSelectionMutation, useLockMutation, useOrderMutation, useQuoteMutation, useSeasonQuery, useUnlockMutation } from './enrolApi';
import { useSelectionCheck } from '../seats/useSelectionCheck';
import { enrolActions, FIXED, type EnrolState } from './enrolSlice';
import { enrolSeatBinding } from './seatBinding';
import { HostedPayStep } from '../payment/HostedPayStep';
import styles from '../purchase/purchase.module.css';

type Step = 'fixed' | 'tariffs' | 'events' | 'eventSeats' | 'customer' | 'payment' | 'done';

const chosenEvents = (s: EnrolSeason, e: EnrolState) => s.Presentations.filter((p) => p.IsRequired || e.optional.includes(p.PresentationId));
const seatCount = (e: EnrolState) => Object.values(e.tariffs).reduce((a, b) => a + b, 0);

/** The body the api prices and commits: each chosen event's seats (its own choice, else the fixed seats). */
export function enrolBody(s: EnrolSeason, e: EnrolState): EnrolOrderBody {
  const events = chosenEvents(s, e);
  return {
    tariffs: Object.entries(e.tariffs).filter(([, q]) => q > 0).map(([id, quantity]) => ({ ticketId: Number(id), quantity })),
    presentationIds: events.map((p) => p.PresentationId),
    seats: events.flatMap((p) => (e.seats[p.PresentationId] ?? e.seats[FIXED] ?? [])
      .filter((x) => x.hold === 'held').map((x) => ({ presentationId: p.PresentationId, sectionId: x.sectionId, x: x.XCoordinate, y: x.YCoordinate }))),
  };
}

/** /membership/enroll/{seasonId}: fixed seats → tariffs → selection events → seats in events → customer → payment → confirmation. */
export function EnrolPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const id = Number(useParams().seasonId);
  const q = useSeasonQuery({ id, locale: i18n.language }, { skip: !Number.isInteger(id) || id <= 0, refetchOnMountOrArgChange: true });
  const season = q.data?.season;
  return (
    <section className="tx-page" aria-labelledby="enrol-title">
      <h1 id="enrol-title">{season ? t('enrol.title', { name: season.Name }) : t('enrol.titleShort')}</h1>
      {q.isLoading && <Spinner />}
      {q.error && <ErrorNotice messageKey={(q.error as ApiFailure).key} onRetry={q.refetch} />}
      {season && <Enrolment season={season} />}
    </section>
  );
}

function Enrolment({ season: s }: { season: EnrolSeason }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<MembershipsDispatch>();
  const enrol = useSelector((st: MembershipsState) => st.enrol);
  const mine = enrol.seasonId === s.SeasonId;
  const steps: Step[] = useMemo(() => [...(s.IsSkipMemberSeat ? [] : ['fixed' as const]), 'tariffs', 'events', 'eventSeats', 'customer', 'payment', 'done'], [s.IsSkipMemberSeat]);
  const [step, setStep] = useState<Step>(steps[0]!);
  // the confirmation of an enrolment paid in this view; opened again later, the page says ALREADY_ENROLLED
  const [paidHere, setPaidHere] = useState(false);

  // Starting an enrolment clears the other carts (spec 4); another cart starting clears this one.
  useEffect(() => {
    if (!s.customer || s.alreadyEnrolled) return;
    if (!mine) dispatch(enrolActions.started(s.SeasonId));
    startCart('enrolment');
  }, [s.SeasonId, s.customer, s.alreadyEnrolled, mine, dispatch]);
  useEffect(() => registerCart('enrolment', () => dispatch(enrolActions.reset())), [dispatch]);

  const go = (x: Step) => { setStep(x); requestAnimationFrame(() => document.getElementById('enrol-step-title')?.focus()); };
  const next = () => go(steps[steps.indexOf(step) + 1]!);
  const back = () => go(steps[steps.indexOf(step) - 1]!);

  if (!s.customer) {
    return (
      <div className="tx-card">
        <p dir="auto">{s.Description}</p>
        <p role="status">{t('enrol.signInFirst')}</p>
        <a className="tx-btn" data-spa href={customerSignInUrl()}>{t('enrol.signIn')}</a>
      </div>
    );
  }
  if (s.alreadyEnrolled && !paidHere) {
    return (
      <div className="tx-card">
        <p role="alert" className="tx-error">{t('errors.ALREADY_ENROLLED')}</p>
        <Link className="tx-btn" to="/enrolments">{t('enrol.mySeats')}</Link>
      </div>
    );
  }
  if (!mine) return <Spinner />;

  return (
    <section className={`tx-card ${styles.flow}`} aria-labelledby="enrol-step-title" data-testid="enrolment">
      <p><bdi>{s.Description}</bdi> · <bdi>{s.VenueName}</bdi></p>
      <ol className={styles.steps} aria-label={t('enrol.stepsLabel')}>
        {steps.map((x) => <li key={x} aria-current={x === step ? 'step' : undefined}>{t(`enrol.steps.${x}`)}</li>)}
      </ol>
      <h2 id="enrol-step-title" tabIndex={-1}>{t(`enrol.steps.${step}`)}</h2>
      {['fixed', 'eventSeats', 'tariffs', 'events'].includes(step) && <HoldTimer expiresAt={enrol.holdExpiresAt} />}
      {step === 'fixed' && <FixedStep season={s} onNext={next} />}
      {step === 'tariffs' && <TariffsStep season={s} enrol={enrol} onBack={back} onNext={next} first={steps[0] === 'tariffs'} />}
      {step === 'events' && <EventsStep season={s} enrol={enrol} onBack={back} onNext={next} />}
      {step === 'eventSeats' && <EventSeatsStep season={s} enrol={enrol} onBack={back} onNext={next} />}
      {step === 'customer' && (
        <div className={styles.flow}>
          <p data-testid="enrol-customer">{t('enrol.customer', { name: `${s.customer.firstName} ${s.customer.lastName}`, mobile: s.customer.mobileNumber })}</p>
          <div className={styles.actions}>
            <button type="button" className="tx-btn tx-btn-secondary" onClick={back}>{t('purchase.back')}</button>
            <button type="button" className="tx-btn" onClick={next}>{t('purchase.continue')}</button>
          </div>
        </div>
      )}
      {step === 'payment' && <PayStep season={s} body={enrolBody(s, enrol)} onBack={back} onDone={() => { setPaidHere(true); go('done'); }} />}
      {step === 'done' && enrol.result && <Done season={s} />}
    </section>
  );
}

/** The season seat: chosen once, held in every event of the season at once. */
function FixedStep({ season: s, onNext }: { season: EnrolSeason; onNext: () => void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const first = s.Presentations[0];
  const pres = usePresentationQuery({ id: first?.PresentationId ?? 0, locale: i18n.language }, { skip: !first });
  const binding = useMemo(() => enrolSeatBinding(s.SeasonId, true), [s.SeasonId]);
  const seats = useSelector((st: MembershipsState) => st.enrol.seats[FIXED] ?? []);
  const [, setValid] = useState(false);
  const [error, setError] = useState('');
  const p = pres.data?.presentation;
  const held = seats.filter((x) => x.hold === 'held').length;
  // booking's whole-selection rules on the season seats, in every event of the season
  const [checkSelection] = useCheckSelectionMutation();
  const next = useSelectionCheck(() => checkSelection({ seasonId: s.SeasonId }).unwrap(), onNext);
  if (!first) return <p role="status">{t('enrol.noEvents')}</p>;
  return (
    <div className={styles.flow}>
      <p>{t('enrol.fixedHint', { count: s.Presentations.length, max: s.maxSeats })}</p>
      {pres.error && <ErrorNotice messageKey={(pres.error as ApiFailure).key} onRetry={pres.refetch} />}
      {p && (
        <SeatSelection key={p.id} presentation={{ ...p, venueName: s.VenueName }} groupName={() => undefined} onValidityChange={setValid} binding={binding}
          maxSeats={s.maxSeats} continueRefusal={next.refusal} onContinueRefusalClear={next.clear} />
      )}
      {error && <p role="alert" className="tx-error">{error}</p>}
      <div className={styles.actions}>
        <button type="button" className="tx-btn" disabled={next.checking}
          onClick={() => { if (!held) return setError(t('enrol.chooseSeat')); setError(''); void next.onContinue(); }}>{t('purchase.continue')}</button>
      </div>
    </div>
  );
}

/**
 * How many season seats at each tariff. Each seat needs one: with season seats chosen, they all start at the default
 * group's first tariff (the step showed zeros and then refused them), each tariff shows the api's price for a seat, and
 * a refusal is said at the quantities (aria-invalid, described by the message) with focus on the first.
 */
function TariffsStep({ season: s, enrol, onBack, onNext, first }: { season: EnrolSeason; enrol: EnrolState; onBack: () => void; onNext: () => void; first: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<MembershipsDispatch>();
  const locale = currentLocale();
  const [error, setError] = useState('');
  const fixed = (enrol.seats[FIXED] ?? []).filter((x) => x.hold === 'held').length;
  const need = s.IsSkipMemberSeat ? null : fixed;
  const total = seatCount(enrol);
  const groups = [...s.TicketGroups].sort((a, b) => Number(b.TicketGroupId === s.DefaultTicketGroupId) - Number(a.TicketGroupId === s.DefaultTicketGroupId));
  const preset = groups[0]?.tariffs[0];
  const required = s.Presentations.filter((p) => p.IsRequired).length;
  // every seat at the default tariff until the customer moves one: nothing chosen yet, or only that tariff (the seat
  // count changed on the previous step)
  useEffect(() => {
    if (need === null || !need || !preset) return;
    const others = Object.entries(enrol.tariffs).some(([id, q]) => Number(id) !== preset.TicketId && q > 0);
    if (!others && (enrol.tariffs[preset.TicketId] ?? 0) !== need) dispatch(enrolActions.tariffSet({ ticketId: preset.TicketId, quantity: need }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arriving at the step
  }, []);
  const firstInput = () => requestAnimationFrame(() => document.getElementById(`tariff-${preset?.TicketId}`)?.focus());
  const submit = () => {
    const refuse = (text: string) => { setError(text); firstInput(); };
    if (total < 1) return refuse(t('errors.MUST_SELECT_tariff'));
    if (need !== null && total !== need) return refuse(t('enrol.tariffsMismatch', { count: need }));
    if (total > s.maxSeats) return refuse(t('errors.MAX_SEATS', { max: s.maxSeats }));
    setError('');
    onNext();
  };
  return (
    <div className={styles.flow}>
      <p id="tariffs-hint">
        {need !== null ? `${t('enrol.tariffsHint', { count: need })} ${preset ? t('enrol.tariffsPreset', { tariff: preset.Name, count: need }) : ''}` : t('enrol.tariffsHintFree')}
      </p>
      {groups.map((g) => (
        <fieldset key={g.TicketGroupId} className={styles.flow} aria-describedby="tariffs-hint">
          <legend>{t('enrol.tariffsLegend')}{groups.length > 1 ? ` · ${g.Name}` : ''}</legend>
          {g.tariffs.map((tr) => (
            <div key={tr.TicketId} className={styles.tariffRow}>
              <label htmlFor={`tariff-${tr.TicketId}`}>
                <span>{tr.Name}</span>
                <span id={`tariff-${tr.TicketId}-price`} className={styles.price}>
                  {s.IsPricingPerTicket
                    ? t('enrol.seatPrice', { price: formatMoney(tr.SeatPrice, locale), count: required })
                    : t('enrol.seatPriceSeason', { price: formatMoney(tr.SeatPrice, locale) })}
                </span>
              </label>
              <input id={`tariff-${tr.TicketId}`} className={`tx-input ${styles.qty}`} type="number" min={0} max={s.maxSeats} inputMode="numeric"
                aria-label={t('enrol.quantityOf', { name: tr.Name })} value={enrol.tariffs[tr.TicketId] ?? 0}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `tariff-${tr.TicketId}-price tariffs-error` : `tariff-${tr.TicketId}-price`}
                onChange={(e) => {
                  if (error) setError('');
                  dispatch(enrolActions.tariffSet({ ticketId: tr.TicketId, quantity: Math.max(0, Math.min(s.maxSeats, Number(e.target.value) || 0)) }));
                }} />
            </div>
          ))}
        </fieldset>
      ))}
      {error && <p id="tariffs-error" role="alert" className="tx-error">{error}</p>}
      <div className={styles.actions}>
        {!first && <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('purchase.back')}</button>}
        <button type="button" className="tx-btn" onClick={submit}>{t('purchase.continue')}</button>
      </div>
    </div>
  );
}

/** Required events are preselected; optional ones are the customer's choice. Leaving gives back the holds of the others. */
function EventsStep({ season: s, enrol, onBack, onNext }: { season: EnrolSeason; enrol: EnrolState; onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useDispatch<MembershipsDispatch>();
  const errorText = useErrorText();
  const [lock] = useLockMutation();
  const [unlock] = useUnlockMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const locale = currentLocale();
  const submit = async () => {
    setBusy(true);
    setError('');
    const chosen = chosenEvents(s, enrol).map((p) => p.PresentationId);
    const others = s.Presentations.map((p) => p.PresentationId).filter((p) => !chosen.includes(p));
    try {
      if (others.length) await unlock({ seasonId: s.SeasonId, seat: null, presentationIds: others }).unwrap();
      // the fixed seats again in the chosen events (an optional event chosen after being left out gets them back)
      for (const x of (enrol.seats[FIXED] ?? []).filter((y) => y.hold === 'held')) {
        await lock({ seasonId: s.SeasonId, presentationIds: chosen, seat: {
          PresentationId: chosen[0]!, VenueId: s.venueId, VenueSeatplanId: s.seatplanId, VenueSectionId: x.sectionId, XCoordinate: x.XCoordinate, YCoordinate: x.YCoordinate,
        } }).unwrap().catch(() => undefined);
      }
      dispatch(enrolActions.eventSeatsReset(chosen));
      onNext();
    } catch (e) {
      setError(errorText(e));
    } finally { setBusy(false); }
  };
  return (
    <div className={styles.flow}>
      <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '.5rem' }}>
        {s.Presentations.map((p) => {
          const checked = p.IsRequired || enrol.optional.includes(p.PresentationId);
          const price = formatMoney(p.PresentationDetail.IsPriceOverride ? p.PresentationDetail.Price : p.MembershipPayableAmount, locale);
          return (
            <li key={p.PresentationId} className="tx-check">
              <input id={`ev-${p.PresentationId}`} type="checkbox" checked={checked} disabled={p.IsRequired}
                onChange={() => dispatch(enrolActions.optionalToggled(p.PresentationId))} />
              <label htmlFor={`ev-${p.PresentationId}`}>
                {p.Title} · {formatLongDateTime(p.dateTime, locale)} · {t('enrol.perSeat', { price })}{p.IsRequired ? ` · ${t('enrol.required')}` : ''}
              </label>
            </li>
          );
        })}
      </ul>
      {error && <p role="alert" className="tx-error">{error}</p>}
      <div className={styles.actions}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={onBack}>{t('purchase.back')}</button>
        <button type="button" className="tx-btn" disabled={busy} onClick={() => void submit()}>{t('purchase.continue')}</button>
      </div>
    </div>
  );
}

/** Each chosen event in turn with the shared seat map: the season seat is held there; it can be changed for one event. */
function EventSeatsStep({ season: s, enrol, onBack, onNext }: { season: EnrolSeason; enrol: EnrolState; onBack: () => void; onNext: () => void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const events = chosenEvents(s, enrol);
  const [index, setIndex] = useState(0);
  const ev = events[index]!;
  const pres = usePresentationQuery({ id: ev.PresentationId, locale: i18n.language });
  const binding = useMemo(() => enrolSeatBinding(s.SeasonId, false), [s.SeasonId]);
  const need = seatCount(enrol);
  const seats = (enrol.seats[ev.PresentationId] ?? []).filter((x) => x.hold === 'held');
  const [, setValid] = useState(false);
  const [error, setError] = useState('');
  const p = pres.data?.presentation;
  // booking's whole-selection rules on this event's seats before moving on
  const [checkSelection] = useCheckSelectionMutation();
  const advance = useCallback(() => (index < events.length - 1 ? setIndex(index + 1) : onNext()), [index, events.length, onNext]);
  const next = useSelectionCheck(() => checkSelection({ seasonId: s.SeasonId, presentationIds: [ev.PresentationId] }).unwrap(), advance);
  const forward = () => {
    if (seats.length !== need) return setError(t('enrol.seatsPerEvent', { count: need }));
    setError('');
    void next.onContinue();
  };
  return (
    <div className={styles.flow}>
      <p aria-live="polite" data-testid="enrol-event-position">{t('purchase.eventOf', { n: index + 1, count: events.length })}</p>
      <h3>{ev.Title} · {formatLongDateTime(ev.dateTime, currentLocale())}</h3>
      {pres.error && <ErrorNotice messageKey={(pres.error as ApiFailure).key} onRetry={pres.refetch} />}
      {p && (
        <SeatSelection key={p.id} presentation={{ ...p, venueName: s.VenueName }} groupName={() => undefined} onValidityChange={setValid} binding={binding}
          maxSeats={s.maxSeats} continueRefusal={next.refusal} onContinueRefusalClear={next.clear} />
      )}
      {error && <p role="alert" className="tx-error">{error}</p>}
      <div className={styles.actions}>
        <button type="button" className="tx-btn tx-btn-secondary" onClick={() => (index > 0 ? setIndex(index - 1) : onBack())}>
          {index > 0 ? t('purchase.previousEvent') : t('purchase.back')}
        </button>
        <button type="button" className="tx-btn" disabled={next.checking} onClick={forward}>{index < events.length - 1 ? t('purchase.nextEvent') : t('purchase.continue')}</button>
      </div>
    </div>
  );
}

const newKey = () => `enrol-${crypto.randomUUID()}`;

/** The api prices the enrolment, the hosted card page takes the payment, then the idempotent commit. */
function PayStep({ season: s, body, onBack, onDone }: { season: EnrolSeason; body: EnrolOrderBody; onBack: () => void; onDone: () => void }) {
  const dispatch = useDispatch<MembershipsDispatch>();
  const errorText = useErrorText();
  const key = useSelector((st: MembershipsState) => st.enrol.idempotencyKey);
  const [quote] = useQuoteMutation();
  const [order] = useOrderMutation();
  return (
    <HostedPayStep
      totalTestId="enrol-total" onBack={onBack} errorText={errorText}
      price={async () => {
        const q = await quote({ seasonId: s.SeasonId, body }).unwrap();
        return { total: q.total, lines: q.lines.map((l) => ({ ...l, kind: 'new' as const })) };
      }}
      onOpen={() => { if (!key) dispatch(enrolActions.checkoutStarted(newKey())); }}
      commit={async (paymentIdentifier) => {
        const res = await order({ seasonId: s.SeasonId, body: { ...body, paymentIdentifier }, key: key ?? newKey() }).unwrap();
        dispatch(enrolActions.committed(res));
        publish('order:committed', { reservationIdentifier: res.enrolmentIdentifier, kind: 'enrolment' });
        onDone();
      }}
    />
  );
}

function Done({ season: s }: { season: EnrolSeason }) {
  const { t } = useTranslation(NAMESPACE);
  const r = useSelector((st: MembershipsState) => st.enrol.result)!;
  const locale = currentLocale();
  const title = (pid: number) => s.Presentations.find((p) => p.PresentationId === pid)?.Title ?? '';
  return (
    <div className={styles.flow} data-testid="enrol-confirmation">
      <p role="status">{t('enrol.thanks', { id: r.enrolmentIdentifier })}</p>
      <ul>
        {r.seats.map((x) => <li key={`${x.presentationId}_${x.sectionId}_${x.x}_${x.y}`}>{t('enrol.seatIn', { title: title(x.presentationId), row: x.rowName, seat: x.seatName })}</li>)}
      </ul>
      <p>{t('done.total', { total: formatMoney(r.total, locale) })}</p>
      <div className={styles.actions}><Link className="tx-btn" to="/enrolments">{t('enrol.mySeats')}</Link></div>
    </div>
  );
}
