// The read's outcome as the page words it, in every locale: the records read again after a
// first read lacked them, and the records still missing when no read delivered them.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en/datalog.json';
import es from '../../../locales/es/datalog.json';
import ptBR from '../../../locales/pt-BR/datalog.json';
import th from '../../../locales/th/datalog.json';
import type { DatalogState } from '../datalog-service.ts';
import { outcomeMessage } from './messages.ts';

const LOCALES = { en, 'pt-BR': ptBR, th, es };
const translators: Record<string, TFunction> = {};

beforeAll(async () => {
  for (const [lng, datalog] of Object.entries(LOCALES)) {
    const i = i18next.createInstance();
    await i.init({
      lng,
      defaultNS: 'datalog',
      resources: { [lng]: { datalog } },
      interpolation: { escapeValue: false },
    });
    translators[lng] = i.t;
  }
});

const state = (change: Partial<DatalogState>): DatalogState => ({
  busy: null,
  percent: 100,
  reread: null,
  outcome: 'complete',
  detail: {},
  log: null,
  revision: 1,
  ...change,
});

function text(lng: string, s: DatalogState): string {
  const t = translators[lng];
  if (!t) throw new Error(lng);
  return outcomeMessage(t, s, (n) => n.toLocaleString(lng), lng)?.text ?? '';
}

describe('datalog read messages', () => {
  it('names the records read again, from 1, as ranges', () => {
    const s = state({
      detail: {
        records: 120_000,
        reread: [
          [51_000, 57_000],
          [80_000, 80_001],
        ],
      },
    });
    expect(text('en', s)).toBe(
      'Read complete: 120,000 records. Records 51,001–57,000 and 80,001 were missing from the first read and were read again.',
    );
    expect(text('pt-BR', s)).toBe(
      'Leitura concluída: 120.000 registros. Os registros 51.001–57.000 e 80.001 faltaram na primeira leitura e foram lidos de novo.',
    );
    expect(text('es', s)).toContain('51.001–57.000 y 80.001');
    expect(text('th', s)).toContain('51,001–57,000');
  });

  it('counts the ranges past the third', () => {
    const reread: [number, number][] = [0, 1, 2, 3, 4].map((k) => [k * 100, k * 100 + 6]);
    expect(text('en', state({ detail: { records: 1000, reread } }))).toBe(
      'Read complete: 1,000 records. Records 1–6, 101–106, 201–206, and 2 more were missing from the first read and were read again.',
    );
  });

  it('says which records are missing, or how many when nobody knows where', () => {
    expect(
      text('en', state({ outcome: 'timeout', detail: { records: 600, missing: [[600, 5000]] } })),
    ).toBe(
      'The board stopped answering during the read. The 600 records read before are kept. Missing: records 601–5,000.',
    );
    expect(
      text(
        'es',
        state({
          outcome: 'partial',
          detail: { records: 4994, code: 'records-length', missingCount: 6 },
        }),
      ),
    ).toBe(
      'El registro de datos está dañado (records-length). Se conservan los 4994 registros decodificados. Faltan 6 registros en algún punto del registro de datos.',
    );
  });

  it('has every text in every locale', () => {
    for (const lng of Object.keys(LOCALES)) {
      const s = state({ outcome: 'disconnected', detail: { records: 5, missing: [[5, 9]] } });
      expect(text(lng, s)).not.toMatch(/outcome\.|\{\{/);
    }
  });
});
