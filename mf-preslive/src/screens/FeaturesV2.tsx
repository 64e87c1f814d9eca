import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, formatDayMonthYearTime, type FeatureDataResponse, type PresentationDataResponse } from '@ticketing/shared';
import { useAvailableFeaturesQuery, useAvailablePresentationsQuery, useLazyFeatureDataQuery, useLazyPresentationDataQuery } from '../dashboardApi';
import { BarChart, LineChart } from '../lib/charts';
import { ReportTable } from '../lib/ReportTable';
import { Loadable } from '../lib/Loadable';
import { money, num, pct } from '../lib/format';
import { useLive } from '../live';
import { BoxTable } from './BoxTable';
import styles from './screens.module.css';
import { NAMESPACE } from '../locales';
import { idParam, useQueryParams } from '../lib/query';

/**
 * Keeps only the answer of the latest request (spec section 4: a late response for feature data is
 * discarded when a newer request was issued; missing data means no update).
 */
export function latestOnly() {
  let seq = 0;
  return {
    next: () => ++seq,
    isLatest: (n: number) => n === seq,
  };
}

function Totals({ t, totals }: { t: (k: string) => string; totals: FeatureDataResponse['totals'] }) {
  return (
    <dl className={styles.totals}>
      <div><dt>{t('cols.capacity')}</dt><dd>{num(totals.Capacity)}</dd></div>
      <div><dt>{t('cols.sold')}</dt><dd>{num(totals.SoldQuantity)} ({pct(totals.percentageSold)})</dd></div>
      <div><dt>{t('cols.held')}</dt><dd>{num(totals.HeldQuantity)} ({pct(totals.percentageHeld)})</dd></div>
      <div><dt>{t('cols.revenue')}</dt><dd>{money(totals.Revenue)}</dd></div>
    </dl>
  );
}

/** `featureId:locationId` from the address bar (the film at one cinema), else null. */
export function featureParam(s: string | null): { featureId: number; locationId: number } | null {
  const m = s ? /^(\d+):(\d+)$/.exec(s) : null;
  const featureId = idParam(m?.[1]), locationId = idParam(m?.[2]);
  return featureId && locationId ? { featureId, locationId } : null;
}

/**
 * v2 feature and presentation views. The film and the screening chosen are in the address (`film`, `screening`), as
 * every other screen's choices: a reload, the back button or a shared link shows the same figures (fifteenth
 * session's tester: this screen alone kept its film only on the page).
 */
export function FeaturesV2() {
  const { t } = useTranslation(NAMESPACE);
  const live = useLive();
  const featuresQ = useAvailableFeaturesQuery();
  const [params, setParams] = useQueryParams();
  const featureKey = params.get('film');
  const feature = useMemo(() => featureParam(featureKey), [featureKey]);
  const presentationId = feature ? idParam(params.get('screening')) ?? null : null;
  const [featureData, setFeatureData] = useState<FeatureDataResponse | null>(null);
  const [presentationData, setPresentationData] = useState<PresentationDataResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const featureSeq = useRef(latestOnly());
  const presentationSeq = useRef(latestOnly());
  const [loadFeature] = useLazyFeatureDataQuery();
  const [loadPresentation] = useLazyPresentationDataQuery();
  const presQ = useAvailablePresentationsQuery(feature ?? { featureId: 0, locationId: 0 }, { skip: !feature });

  const fetchFeature = useCallback((f: { featureId: number; locationId: number }) => {
    const n = featureSeq.current.next();
    loadFeature(f).unwrap()
      .then((d) => { if (featureSeq.current.isLatest(n)) { setFeatureData(d); setFailed(false); } })
      .catch(() => { if (featureSeq.current.isLatest(n)) setFailed(true); });
  }, [loadFeature]);
  const fetchPresentation = useCallback((id: number) => {
    const n = presentationSeq.current.next();
    loadPresentation(id).unwrap()
      .then((d) => { if (presentationSeq.current.isLatest(n)) setPresentationData(d); })
      .catch(() => { if (presentationSeq.current.isLatest(n)) setFailed(true); });
  }, [loadPresentation]);

  // A film chosen (here or by the address) clears the screening's figures and asks for the film's (spec section 4).
  useEffect(() => {
    setFeatureData(null);
    if (!feature) { featureSeq.current.next(); return; }
    fetchFeature(feature);
  }, [feature, fetchFeature]);
  useEffect(() => {
    setPresentationData(null);
    if (!presentationId) { presentationSeq.current.next(); return; }
    fetchPresentation(presentationId);
  }, [presentationId, fetchPresentation]);

  const selectFeature = (value: string) => setParams({ film: value, screening: undefined });
  const selectPresentation = (value: string) => setParams({ screening: value });

  // Live: refetch what is open.
  useEffect(() => {
    if (!live.tick) return;
    if (feature) fetchFeature(feature);
    if (presentationId) fetchPresentation(presentationId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live.tick]);

  return (
    <section aria-labelledby="v2-title">
      <h2 id="v2-title">{t('v2.title')}</h2>
      <Loadable q={featuresQ}>
        {(d) => (
          <div className={styles.filters}>
            <label className={styles.field}>{t('v2.feature')}{' '}
              <select value={feature ? `${feature.featureId}:${feature.locationId}` : ''} onChange={(e) => selectFeature(e.target.value)}>
                <option value="">{t('v2.chooseFeature')}</option>
                {d.features.map((f) => <option key={`${f.FeatureId}:${f.LocationId}`} value={`${f.FeatureId}:${f.LocationId}`}>{`${f.FeatureName} — ${f.LocationName}`}</option>)}
              </select>
            </label>
            {feature && (
              <label className={styles.field}>{t('v2.presentation')}{' '}
                <select value={presentationId ?? ''} onChange={(e) => selectPresentation(e.target.value)}>
                  <option value="">{t('v2.allPresentations')}</option>
                  {(presQ.data?.presentations ?? []).map((p) => (
                    <option key={p.PresentationId} value={p.PresentationId}>{`${formatDayMonthYearTime(p.PresentationDateTime)} · ${p.VenueName}`}</option>
                  ))}
                </select>
              </label>
            )}
          </div>
        )}
      </Loadable>
      {failed && <ErrorNotice messageKey="errors.errorFetchingData" onRetry={() => { setFailed(false); if (feature) fetchFeature(feature); if (presentationId) fetchPresentation(presentationId); }} />}
      {presentationData ? (
        <article aria-labelledby="v2-pres">
          <h3 id="v2-pres">{`${presentationData.presentation.FeatureName} · ${formatDayMonthYearTime(presentationData.presentation.PresentationDateTime)} · ${presentationData.presentation.VenueName}`}</h3>
          <Totals t={t} totals={{ ...presentationData.presentation, Revenue: presentationData.presentation.Revenue }} />
          <LineChart title={t('v2.salesOverTime')} points={presentationData.salesOverTime.map((p) => ({ x: p.Date, y: p.Sold }))} valueLabel={(v) => num(v)} />
          <BarChart title={t('v2.byTicketType')} bars={presentationData.byTicketType.map((r) => ({ key: r.TicketId, label: r.TicketName, value: r.Sold, valueText: num(r.Sold) }))} />
          <ReportTable caption={t('v2.byTicketType')} filename={`presentation-${presentationData.presentation.PresentationId}-tickets`} rows={presentationData.byTicketType} rowKey={(r) => r.TicketId}
            basis={t('basis.screenings')}
            columns={[
              { key: 'n', header: t('cols.ticket'), rowHeader: true, value: (r) => r.TicketName },
              { key: 's', header: t('cols.sold'), numeric: true, value: (r) => r.Sold, render: (r) => num(r.Sold) },
              { key: 'r', header: t('cols.revenue'), numeric: true, value: (r) => r.Revenue, render: (r) => money(r.Revenue) },
            ]} />
        </article>
      ) : featureData && (
        <article aria-labelledby="v2-feat">
          <h3 id="v2-feat">{`${featureData.FeatureName} — ${featureData.LocationName}`}</h3>
          <Totals t={t} totals={featureData.totals} />
          <LineChart title={t('v2.salesOverTime')} points={featureData.salesOverTime.map((p) => ({ x: p.Date, y: p.Sold }))} valueLabel={(v) => num(v)} />
          <BoxTable caption={t('v2.presentations')} filename={`feature-${featureData.FeatureId}-${featureData.LocationId}`} rows={featureData.presentations} show={['venue']} />
        </article>
      )}
    </section>
  );
}
