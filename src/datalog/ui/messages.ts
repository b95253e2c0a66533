// The page's message for how the last read, clear, import or export ended.
import type { TFunction } from 'i18next';
import type { DatalogState } from '../datalog-service.ts';

export interface OutcomeMessage {
  variant: 'success' | 'info' | 'warning' | 'danger';
  text: string;
}

export function outcomeMessage(
  t: TFunction,
  state: DatalogState,
  fmt: (n: number) => string,
): OutcomeMessage | null {
  const records = fmt(state.detail.records ?? state.log?.records ?? 0);
  const code = state.detail.code ?? '';
  switch (state.outcome) {
    case null:
      return null;
    case 'complete':
      return { variant: 'success', text: t('outcome.complete', { records }) };
    case 'empty':
      return { variant: 'info', text: t('outcome.empty') };
    case 'failed':
      return { variant: 'danger', text: t('outcome.failed') };
    case 'disconnected':
      return { variant: 'warning', text: t('outcome.disconnected', { records }) };
    case 'timeout':
      return { variant: 'warning', text: t('outcome.timeout', { records }) };
    case 'partial':
      return { variant: 'warning', text: t('outcome.partial', { records, code }) };
    case 'not-connected':
      return { variant: 'warning', text: t('outcome.notConnected') };
    case 'send-failed':
      return { variant: 'danger', text: t('outcome.sendFailed', { code }) };
    case 'cleared':
      return { variant: 'success', text: t('outcome.cleared') };
    case 'imported':
      return {
        variant: 'success',
        text: t('outcome.imported', { name: state.log?.fileName ?? '', records }),
      };
    case 'import-failed':
      return code === 'bad-csv'
        ? {
            variant: 'danger',
            text: t('outcome.badCsv', { line: String(state.detail.line ?? 1) }),
          }
        : { variant: 'danger', text: t('outcome.badFile') };
    case 'exported':
      return { variant: 'success', text: t('outcome.exported', { records }) };
    case 'export-failed':
      return { variant: 'danger', text: t('outcome.exportFailed') };
    case 'board-absent':
      return { variant: 'info', text: t('outcome.boardAbsent') };
  }
}
