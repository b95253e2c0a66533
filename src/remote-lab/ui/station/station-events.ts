// What the station's events say in its log.
import type { TFunction } from 'i18next';
import type { StationEvent } from '../../station/lab-station.ts';

export function describeEvent(t: TFunction<'remotelab'>, e: StationEvent): string | null {
  switch (e.type) {
    case 'broker':
      return t(e.connected ? 'log.brokerUp' : 'log.brokerDown');
    case 'session':
      return e.id === null ? t('log.free') : t('log.session', { id: e.id });
    case 'board':
      return e.board
        ? t('log.board', { type: e.board.type, firmware: e.board.firmware })
        : t('log.noBoard');
    case 'answer':
      return t('log.answer', { answer: e.answer });
    case 'download-end':
      return t(e.ok ? 'log.downloaded' : 'log.downloadFailed');
    case 'restored':
      return t('log.restored', { bytes: e.bytes });
    case 'refused':
      return t('log.refused', { category: e.category, command: e.command });
    case 'download':
      return null;
  }
}

/** What the station page shows of the latest download: under way, or how it ended and when. */
export type DownloadView =
  | { state: 'none' }
  | { state: 'arriving'; percent: number }
  | { state: 'done' | 'failed'; at: Date };

export function nextDownload(view: DownloadView, e: StationEvent, now: Date): DownloadView {
  if (e.type === 'download') {
    return { state: 'arriving', percent: e.total > 0 ? Math.round((100 * e.done) / e.total) : 0 };
  }
  if (e.type === 'download-end') return { state: e.ok ? 'done' : 'failed', at: now };
  return view;
}
