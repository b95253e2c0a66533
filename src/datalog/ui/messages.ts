// The page's message for how the last read, clear, import or export ended.
import type { TFunction } from 'i18next';
import type { DatalogState, RecordRanges } from '../datalog-service.ts';

interface OutcomeMessage {
  variant: 'success' | 'info' | 'warning' | 'danger';
  text: string;
}

/** Ranges shown at most; the rest are counted. */
const SHOWN_RANGES = 3;

/** `[[51000, 57000], [80000, 80001]]` → "51,001–57,000 and 80,001" (1-based, the viewer's
 * language). */
function rangesText(
  t: TFunction,
  ranges: RecordRanges,
  fmt: (n: number) => string,
  lang: string,
): string {
  const parts = ranges
    .slice(0, SHOWN_RANGES)
    .map(([start, end]) => (end - start === 1 ? fmt(end) : `${fmt(start + 1)}–${fmt(end)}`));
  if (ranges.length > SHOWN_RANGES) {
    parts.push(t('outcome.moreRanges', { count: fmt(ranges.length - SHOWN_RANGES) }));
  }
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(parts);
}

export function outcomeMessage(
  t: TFunction,
  state: DatalogState,
  fmt: (n: number) => string,
  lang = 'en',
): OutcomeMessage | null {
  const { detail } = state;
  const records = fmt(detail.records ?? state.log?.records ?? 0);
  const code = detail.code ?? '';
  // What a board read lacks, or what had to be read again, after the outcome's sentence.
  const reread = detail.reread
    ? ` ${t('outcome.reread', { ranges: rangesText(t, detail.reread, fmt, lang) })}`
    : '';
  const missing = detail.missing
    ? ` ${t('outcome.missingRanges', { ranges: rangesText(t, detail.missing, fmt, lang) })}`
    : detail.missingCount
      ? ` ${t('outcome.missingCount', { count: fmt(detail.missingCount) })}`
      : '';
  switch (state.outcome) {
    case null:
      return null;
    case 'complete':
      return { variant: 'success', text: t('outcome.complete', { records }) + reread };
    case 'empty':
      return { variant: 'info', text: t('outcome.empty') };
    case 'failed':
      return { variant: 'danger', text: t('outcome.failed') };
    case 'disconnected':
      return { variant: 'warning', text: t('outcome.disconnected', { records }) + missing };
    case 'timeout':
      return { variant: 'warning', text: t('outcome.timeout', { records }) + missing };
    case 'partial':
      return { variant: 'warning', text: t('outcome.partial', { records, code }) + missing };
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
