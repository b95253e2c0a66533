import { describe, expect, it } from 'vitest';
import { decodeKeptModel, fromBase64Url, toBase64Url, TM_KEPT_FORMAT } from './tm-kept-model.ts';
import { TmError } from './tm-model.ts';
import { crc32, zipStore } from './tm-zip.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof TmError ? e.code : 'other';
  }
  return 'none';
};

const kept = (patch: Record<string, unknown>) =>
  JSON.stringify({
    format: TM_KEPT_FORMAT,
    version: 1,
    metadata: { packageName: '@teachablemachine/image', labels: ['A', 'B'], imageSize: 224 },
    model: {
      modelTopology: { class_name: 'Sequential' },
      weightsManifest: [
        { paths: ['weights.bin'], weights: [{ name: 'w', shape: [2], dtype: 'float32' }] },
      ],
    },
    weights: toBase64Url(new Uint8Array(8)),
    ...patch,
  });

describe('base64url', () => {
  it('round-trips every byte value with no character a form or XML escapes', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });
});

describe('decodeKeptModel', () => {
  it('reads a kept model', () => {
    const model = decodeKeptModel(kept({}));
    expect(model.meta.labels).toEqual(['A', 'B']);
    expect(model.files.weightData.byteLength).toBe(8);
  });
  it('refuses what is not a kept model, or whose weights do not match the manifest', () => {
    expect(code(() => decodeKeptModel('not json'))).toBe('bad-kept-model');
    expect(code(() => decodeKeptModel(kept({ format: 'other' })))).toBe('bad-kept-model');
    expect(code(() => decodeKeptModel(kept({ weights: toBase64Url(new Uint8Array(4)) })))).toBe(
      'bad-kept-model',
    );
    expect(code(() => decodeKeptModel(kept({ weights: 'a+b/' })))).toBe('bad-kept-model');
    expect(code(() => decodeKeptModel(kept({ metadata: { labels: 'A' } })))).toBe('bad-kept-model');
  });
});

describe('zipStore', () => {
  it('writes stored entries a zip reader finds: headers, names, sizes and CRCs', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const data = new TextEncoder().encode('{"a":1}');
    const zip = zipStore([
      { name: 'model.json', data },
      { name: 'weights.bin', data: new Uint8Array([1, 2, 3]) },
    ]);
    const view = new DataView(zip.buffer);
    // End of central directory: 2 entries, the directory right after the files.
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(2);
    const dir = view.getUint32(end + 16, true);
    expect(dir).toBe(30 + 10 + data.length + 30 + 11 + 3);
    expect(view.getUint32(dir, true)).toBe(0x02014b50);
    expect(view.getUint32(dir + 16, true)).toBe(crc32(data));
    expect(new TextDecoder().decode(zip.subarray(dir + 46, dir + 56))).toBe('model.json');
    expect(new TextDecoder().decode(zip.subarray(30 + 10, 30 + 10 + data.length))).toBe('{"a":1}');
  });
});
