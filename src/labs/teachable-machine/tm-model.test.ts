import { describe, expect, it } from 'vitest';
import {
  checkTmShapes,
  parseTmMetadata,
  parseTmModelJson,
  TmError,
  tmModelUrls,
} from './tm-model.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof TmError ? e.code : 'other';
  }
  return 'none';
};

describe('tmModelUrls', () => {
  const base = 'https://app.example/#/teachable-machine';
  it('reads a share link with or without its slash, or model.json itself', () => {
    for (const input of [
      'https://teachablemachine.withgoogle.com/models/abc/',
      ' https://teachablemachine.withgoogle.com/models/abc ',
      'https://teachablemachine.withgoogle.com/models/abc/model.json?x=1#y',
    ]) {
      expect(tmModelUrls(input, base)).toEqual({
        model: 'https://teachablemachine.withgoogle.com/models/abc/model.json',
        metadata: 'https://teachablemachine.withgoogle.com/models/abc/metadata.json',
      });
    }
  });
  it('reads a path on this site', () => {
    expect(tmModelUrls('/models/m1', base).model).toBe('https://app.example/models/m1/model.json');
  });
  it('refuses empty text and other schemes', () => {
    expect(code(() => tmModelUrls('  ', base))).toBe('bad-url');
    expect(code(() => tmModelUrls('javascript:alert(1)', base))).toBe('bad-url');
    expect(code(() => tmModelUrls('ftp://x/y/', base))).toBe('bad-url');
  });
});

describe('parseTmMetadata', () => {
  it('reads labels and image size of an image export', () => {
    expect(
      parseTmMetadata({
        packageName: '@teachablemachine/image',
        labels: ['Cat', 'Dog'],
        imageSize: 224,
        modelName: 'pets',
      }),
    ).toEqual({ type: 'image', labels: ['Cat', 'Dog'], imageSize: 224, modelName: 'pets' });
  });
  it('takes 224 when an older export has no image size', () => {
    expect(parseTmMetadata({ labels: ['A'] }).imageSize).toBe(224);
  });
  it('recognises pose and audio exports and refuses them', () => {
    expect(
      code(() => parseTmMetadata({ packageName: '@teachablemachine/pose', labels: ['a'] })),
    ).toBe('unsupported-type');
    expect(code(() => parseTmMetadata({ wordLabels: ['_background_noise_', 'clap'] }))).toBe(
      'unsupported-type',
    );
  });
  it('refuses metadata without string labels or with a bad size', () => {
    expect(code(() => parseTmMetadata(null))).toBe('bad-metadata');
    expect(code(() => parseTmMetadata({ labels: [] }))).toBe('bad-metadata');
    expect(code(() => parseTmMetadata({ labels: [1, 2] }))).toBe('bad-metadata');
    expect(code(() => parseTmMetadata({ labels: ['a'], imageSize: 0 }))).toBe('bad-metadata');
    expect(code(() => parseTmMetadata({ labels: ['a'], imageSize: '224' }))).toBe('bad-metadata');
  });
});

describe('parseTmModelJson', () => {
  it('lists weight files and specs in manifest order', () => {
    const w = (name: string) => ({ name, shape: [1], dtype: 'float32' });
    expect(
      parseTmModelJson({
        modelTopology: { class_name: 'Sequential' },
        weightsManifest: [
          { paths: ['group1-shard1of2', 'group1-shard2of2'], weights: [w('a')] },
          { paths: ['group2'], weights: [w('b')] },
        ],
      }),
    ).toEqual({
      modelTopology: { class_name: 'Sequential' },
      weightSpecs: [w('a'), w('b')],
      weightPaths: ['group1-shard1of2', 'group1-shard2of2', 'group2'],
    });
  });
  it('refuses a file that is not a layers model', () => {
    expect(code(() => parseTmModelJson({ hello: 1 }))).toBe('not-a-model');
    expect(code(() => parseTmModelJson({ modelTopology: {}, weightsManifest: [{}] }))).toBe(
      'not-a-model',
    );
  });
});

describe('checkTmShapes', () => {
  const meta = { imageSize: 224, labels: ['a', 'b'] };
  it('accepts one RGB picture of the image size in, one probability per label out', () => {
    expect(code(() => checkTmShapes([null, 224, 224, 3], [null, 2], meta))).toBe('none');
  });
  it('refuses any other input or output', () => {
    expect(code(() => checkTmShapes([null, 10], [null, 2], meta))).toBe('wrong-input-shape');
    expect(code(() => checkTmShapes([null, 96, 96, 3], [null, 2], meta))).toBe('wrong-input-shape');
    expect(code(() => checkTmShapes([null, 224, 224, 1], [null, 2], meta))).toBe(
      'wrong-input-shape',
    );
    expect(code(() => checkTmShapes([null, 224, 224, 3], [null, 3], meta))).toBe(
      'wrong-input-shape',
    );
  });
});
