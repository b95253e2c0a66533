// The test models behave as their design says: the colour model's class is the dominant
// mean colour (well above an 0.8 threshold), and the wrong-shape model takes a flat vector.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTmMetadata, parseTmModelJson } from '../src/labs/teachable-machine/tm-model.ts';
import { makeTmModels, TM_COLOUR_LABELS, TM_IMAGE_SIZE } from './make-tm-model.ts';

let dir = '';

async function loadModel(name: string) {
  const folder = path.join(dir, name);
  const manifest = parseTmModelJson(
    JSON.parse(fs.readFileSync(path.join(folder, 'model.json'), 'utf8')),
  );
  const weights = fs.readFileSync(path.join(folder, 'weights.bin'));
  return tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightSpecs as tf.io.WeightsManifestEntry[],
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
    }),
  );
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-models-'));
  await makeTmModels(dir);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('make-tm-model', () => {
  it('writes Teachable Machine metadata with the labels and image size', () => {
    const meta = parseTmMetadata(
      JSON.parse(fs.readFileSync(path.join(dir, 'colours', 'metadata.json'), 'utf8')),
    );
    expect(meta).toMatchObject({ labels: [...TM_COLOUR_LABELS], imageSize: TM_IMAGE_SIZE });
  });

  it('the colour model names the dominant colour of a picture', async () => {
    const model = await loadModel('colours');
    expect(model.inputs[0]?.shape).toEqual([null, TM_IMAGE_SIZE, TM_IMAGE_SIZE, 3]);
    for (const [i, rgb] of [
      [0, [0.75, -1, -1]],
      [1, [-1, 0.6, -0.9]],
      [2, [-0.8, -1, 1]],
    ] as const) {
      const picture = tf
        .tensor4d([...rgb], [1, 1, 1, 3])
        .tile([1, TM_IMAGE_SIZE, TM_IMAGE_SIZE, 1]);
      const p = Array.from(await (model.predict(picture) as tf.Tensor).data());
      expect(p[i]).toBeGreaterThan(0.99);
    }
  });

  it('the wrong-shape model takes a flat vector', async () => {
    const model = await loadModel('wrong-shape');
    expect(model.inputs[0]?.shape).toEqual([null, 10]);
  });
});
