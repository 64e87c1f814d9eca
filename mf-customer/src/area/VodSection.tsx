import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, formatDayMonthYearTime, Spinner } from '@ticketing/shared';
import type { AreaVod, VodPlayResponse } from '@ticketing/shared/contracts';
import { failureKey, usePlayVodMutation, useAreaLocale, useVodQuery } from '../api';
import { NAMESPACE } from '../locales';
import { VodReason, vodBlock } from './VodReason';
import styles from './area.module.css';
import { focusWhenShown } from './focus';

/** The title's stream once a play is counted (the api's streaming provider says where); closing it ends the playback. */
function VodPlayer({ title, playback, onClose, videoRef }: {
  title: string; playback: NonNullable<VodPlayResponse['playback']>; onClose: () => void; videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <figure className={styles.player} data-testid="vod-player">
      <video ref={videoRef} controls autoPlay playsInline aria-label={t('area.vod.player', { title })}>
        <source src={playback.url} type={playback.type} />
      </video>
      <figcaption>
        <button type="button" className="tx-btn-secondary" onClick={onClose}>{t('area.vod.close', { title })}</button>
      </figcaption>
    </figure>
  );
}

function VodCard({ v }: { v: AreaVod }) {
  const { t } = useTranslation(NAMESPACE);
  const [play, state] = usePlayVodMutation();
  const block = vodBlock(v);
  const orderId = `vod-${v.ticketId}-order`;
  const reasonId = `vod-${v.ticketId}-reason`;
  // after Play the button is disabled (focus fell to <body>): the player takes it, else the outcome; closing the
  // player gives it back to the button
  const video = useRef<HTMLVideoElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const start = async () => {
    await play(v.ticketId);
    focusWhenShown(() => video.current ?? outcome.current);
  };
  const close = () => { state.reset(); focusWhenShown(() => button.current); };
  return (
    <li className="tx-card" aria-labelledby={`vod-${v.ticketId}`}>
      <h3 id={`vod-${v.ticketId}`}>{v.title}</h3>
      {/* two purchases of one title are told apart by their order (the button's description, its name kept) */}
      <p id={orderId}>{t('area.vod.order', { number: v.reservationIdentifier })}</p>
      <dl className={styles.facts}>
        <div><dt>{t('area.vod.purchased')}</dt><dd><bdi dir="ltr">{formatDayMonthYearTime(v.purchaseDate)}</bdi></dd></div>
        <div><dt>{t('area.vod.window')}</dt><dd><bdi dir="ltr">{formatDayMonthYearTime(v.availableFrom)} – {formatDayMonthYearTime(v.availableUntil)}</bdi></dd></div>
        <div><dt>{t('area.vod.plays')}</dt><dd>{v.playCount}</dd></div>
        <div><dt>{t('area.vod.remaining')}</dt><dd>{v.playsRemaining}</dd></div>
        <div><dt>{t('area.vod.last')}</dt><dd>{v.lastPlayback ? <bdi dir="ltr">{formatDayMonthYearTime(v.lastPlayback)}</bdi> : t('area.details.empty')}</dd></div>
      </dl>
      <div ref={outcome} tabIndex={-1} className={styles.outcome}>
        {state.isSuccess && <p role="status">{t('area.vod.playing', { title: v.title })}</p>}
        {state.error && <ErrorNotice messageKey={failureKey(state.error)} />}
      </div>
      {state.data?.playback && <VodPlayer title={v.title} playback={state.data.playback} onClose={close} videoRef={video} />}
      <button type="button" ref={button} className="tx-btn" disabled={!v.canPlay || state.isLoading || !!state.data?.playback /* playing: another tap would count another play */}
        aria-describedby={block ? `${orderId} ${reasonId}` : orderId} onClick={() => void start()}>
        {t('area.vod.play', { title: v.title })}
      </button>
      {block && <VodReason id={reasonId} block={block} />}
    </li>
  );
}

/** Video on demand bought by the customer: window, play count, plays remaining, last playback, and a play that counts. */
export function VodSection() {
  const { t } = useTranslation(NAMESPACE);
  const q = useVodQuery(useAreaLocale());
  return (
    <section className="tx-card" aria-labelledby="vod-title">
      <h2 id="vod-title">{t('area.vod.title')}</h2>
      {q.isLoading && <Spinner />}
      {q.error && <ErrorNotice messageKey={failureKey(q.error)} onRetry={() => void q.refetch()} />}
      {q.data && (q.data.length === 0 ? <p>{t('area.vod.none')}</p> : <ul className={styles.items}>{q.data.map((v) => <VodCard key={v.ticketId} v={v} />)}</ul>)}
    </section>
  );
}
