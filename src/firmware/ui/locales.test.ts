// Every key of the `firmware` namespace exists in all four locales, the spec's English texts
// stay exact, and every error code of an update has its message.
import { describe, expect, it } from 'vitest';
import { causeKey } from '../messages.ts';
import type { FlashFailureCode } from '../worker/flash-protocol.ts';

type Tree = { [k: string]: string | Tree };

const catalogs = import.meta.glob<Tree>('../../../locales/*/firmware.json', {
  eager: true,
  import: 'default',
});

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const catalog = (locale: string): Tree => {
  const c = catalogs[`../../../locales/${locale}/firmware.json`];
  if (!c) throw new Error(`missing locales/${locale}/firmware.json`);
  return c;
};

const CODES: FlashFailureCode[] = [
  'stm-write-failed',
  'stm-bootloader-timeout',
  'stm-response-timeout',
  'esp-write-failed',
  'esp-response-timeout',
  'legacy-write-failed',
  'timeout',
  'disconnected',
  'no-board',
  'verify-failed',
  'version-mismatch',
  'downgrade-declined',
  'image-too-large',
  'aborted',
  'invalid-file',
  'file-content-invalid',
  'unsupported-browser',
  'image-damaged',
  'image-wrong-board',
  'image-wrong-chip',
  'image-overwrites-bootloader',
  'image-test-only',
  'stm-needs-webhid',
];

describe('firmware locales', () => {
  const en = flatten(catalog('en')).sort();

  it.each(['pt-BR', 'th', 'es'])('%s has exactly the English keys, translated', (locale) => {
    const keys = flatten(catalog(locale)).sort();
    expect(keys).toEqual(en);
    // The refusals are translated, not English copies.
    for (const key of [
      'errors.imageWrongBoard',
      'errors.imageTestOnly',
      'latest.sourceTest',
      'errors.versionMismatch',
      'downgrade.question',
      'done.updatedChip',
    ]) {
      expect(lookup(catalog(locale), key)).not.toBe(lookup(catalog('en'), key));
    }
  });

  it('has a message for every failure code', () => {
    for (const code of CODES) {
      const key = causeKey(code).replace('firmware:', '');
      expect(lookup(catalog('en'), key), code).toBeTruthy();
    }
  });

  it('keeps the spec texts of core §8 exactly', () => {
    const en = catalog('en');
    expect(lookup(en, 'errors.usbOnly')).toBe('Update firmware only supported via USB cable');
    expect(lookup(en, 'errors.stmWriteFailed')).toBe('failed to write data');
    expect(lookup(en, 'errors.disconnected')).toBe('GoGo Board is not connected!');
    expect(lookup(en, 'latest.upToDate')).toBe("You're using the latest firmware.");
  });
});
