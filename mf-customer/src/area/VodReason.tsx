import { useTranslation } from 'react-i18next';
import { formatDayMonthYearTime, isolateLtr } from '@ticketing/shared';
import type { AreaVod } from '@ticketing/shared/contracts';
import { NAMESPACE } from '../locales';

export type VodBlock = { key: 'noPlays' } | { key: 'availableFrom' | 'ended'; date: string };

/**
 * Why a title cannot be played, or null when it can. The api decides canPlay on its own clock; with plays left, a
 * closed title is before its window or past it, and the browser's clock only tells which of the two to say.
 */
export function vodBlock(v: AreaVod, now = Date.now()): VodBlock | null {
  if (v.canPlay) return null;
  if (v.playsRemaining <= 0) return { key: 'noPlays' };
  return now < Date.parse(v.availableFrom) ? { key: 'availableFrom', date: v.availableFrom } : { key: 'ended', date: v.availableUntil };
}

/** The reason beside a disabled Play (the button's description points here): a disabled control says nothing itself. */
export function VodReason({ id, block }: { id: string; block: VodBlock }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p id={id}>
      {/* the date left to right inside any sentence: Unicode isolates (LRI … PDI), as a bdi dir=ltr would, without
          react-i18next's Trans (the host shares only the parts of react-i18next the remotes use) */}
      {block.key === 'noPlays' ? t('area.vod.noPlays') : t(`area.vod.${block.key}`, { date: isolateLtr(formatDayMonthYearTime(block.date)) })}
    </p>
  );
}
