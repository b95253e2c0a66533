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
