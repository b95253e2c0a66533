// Training on tfjs's CPU backend in Node: two kinds of picture (a bright blob on the left
// or on the right of a noisy background) are told apart, one sample in five is kept aside
// and tested, and the model comes out as Teachable Machine's files, which tfjs loads back
// and which give the same answer. A model kept in a project survives its text. The download
// loads in TensorFlow.js 1.3.1, the version Teachable Machine's own helper pins.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeKeptModel,
  encodeKeptModel,
  tmExportFiles,
  tmMetadataJson,
} from './tm-kept-model.ts';
import { TM_INPUT_SIZE } from './tm-features.ts';
import { checkTmShapes } from './tm-model.ts';
import { TmTrainer } from './tm-trainer.ts';

const S = TM_INPUT_SIZE;

/** A seeded picture in -1..1: a warm blob at the left (0) or right (1), noise around. */
function picture(kind: number, seed: number): Float32Array {
  let a = seed * 7919 + kind * 104729;
  const next = () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648;
  };
  const cx = (kind === 0 ? 70 : 154) + (next() - 0.5) * 30;
  const cy = 112 + (next() - 0.5) * 30;
  const rgb = new Float32Array(S * S * 3);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const i = (y * S + x) * 3;
      const blob = (x - cx) ** 2 + (y - cy) ** 2 < 38 * 38;
      const base = -0.4 + (next() - 0.5) * 0.4;
      rgb[i] = blob ? 0.7 : base;
      rgb[i + 1] = blob ? 0.2 : base;
      rgb[i + 2] = blob ? -0.1 : base + 0.05;
    }
  }
  return rgb;
}

/**
 * Serves the download's files over HTTP and has TensorFlow.js 1.3.1 load them as Teachable
 * Machine's helper does (`tf.loadLayersModel(url + 'model.json')`) and classify the pictures.
 * In a thread of its own: two tfjs versions in one thread share a global engine.
 */
async function predictWithTfjs131(
  files: { name: string; data: Uint8Array }[],
  pictures: Float32Array[],
): Promise<{ version: string; outputs: number[][] }> {
  const server = createServer((req, res) => {
    const file = files.find((f) => `/model/${f.name}` === req.url);
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200).end(Buffer.from(file.data));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const tf = require('tfjs-1.3.1');
    (async () => {
      await tf.setBackend('cpu');
      const model = await tf.loadLayersModel(workerData.url);
      const outputs = [];
      for (const rgb of workerData.pictures) {
        const out = model.predict(tf.tensor4d(rgb, [1, ${S}, ${S}, 3]));
        outputs.push(Array.from(await out.data()));
      }
      parentPort.postMessage({ version: tf.version.tfjs, outputs });
    })().catch((e) => parentPort.postMessage({ error: String((e && e.stack) || e) }));`;
  const worker = new Worker(code, {
    eval: true,
    workerData: { url: `http://127.0.0.1:${port}/model/model.json`, pictures },
  });
  try {
    const answer = await new Promise<{ version: string; outputs: number[][]; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (answer.error) throw new Error(answer.error);
    return answer;
  } finally {
    await worker.terminate();
    server.close();
  }
}

async function predict(model: tf.LayersModel, rgb: Float32Array): Promise<number[]> {
  const out = model.predict(tf.tensor4d(rgb, [1, S, S, 3])) as tf.Tensor;
  const values = Array.from(await out.data());
  out.dispose();
  return values;
}

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('TmTrainer', () => {
  it('refuses too few samples, naming the class', async () => {
    const trainer = new TmTrainer();
    for (let i = 0; i < 5; i++) trainer.add('a', picture(0, i));
    for (let i = 0; i < 4; i++) trainer.add('b', picture(1, i));
    const result = await trainer.train([
      { key: 'a', label: 'Left' },
      { key: 'b', label: 'Right' },
    ]);
    expect(result).toMatchObject({ ok: false, code: 'too-few-samples', detail: 'Right' });
    trainer.dispose();
  });

  it("learns two classes, tests on the samples kept aside, and exports a model that tfjs and Teachable Machine's tfjs 1.3.1 load", async () => {
    const trainer = new TmTrainer();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(trainer.add('a', picture(0, i)));
      trainer.add('b', picture(1, i));
    }
    // A deleted sample is not trained on or tested.
    trainer.add('a', picture(1, 99));
    trainer.remove(ids.length * 2 + 1);
    expect(trainer.count('a')).toBe(20);
    const progress: number[] = [];
    const result = await trainer.train(
      [
        { key: 'a', label: 'Left' },
        { key: 'b', label: 'Right' },
      ],
      (p) => progress.push(p.epoch),
      20,
    );
    if (!result.ok) throw new Error(result.detail);
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(result.trainedOn).toBe(32);
    expect(result.scores).toEqual([
      { label: 'Left', right: 4, total: 4 },
      { label: 'Right', right: 4, total: 4 },
    ]);

    const model = await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: result.files.modelTopology,
        weightSpecs: result.files.weightSpecs as tf.io.WeightsManifestEntry[],
        weightData: result.files.weightData,
      }),
    );
    // Teachable Machine's shapes: one 224 × 224 RGB picture in, one probability per class out.
    const meta = { imageSize: S, labels: ['Left', 'Right'] };
    expect(() =>
      checkTmShapes(model.inputs[0]?.shape ?? [], model.outputs[0]?.shape ?? [], meta),
    ).not.toThrow();
    const left = await predict(model, picture(0, 500));
    const right = await predict(model, picture(1, 501));
    expect(left[0]).toBeGreaterThan(0.9);
    expect(right[1]).toBeGreaterThan(0.9);

    // Kept in a project and read back: the same files, the same answers.
    const text = encodeKeptModel(
      tmMetadataJson(meta.labels, 'Sides', tf.version.tfjs, '2026-01-01T00:00:00.000Z'),
      result.files,
      result.scores,
      '2026-01-01T00:00:00.000Z',
    );
    expect(text).not.toContain('\n');
    const kept = decodeKeptModel(text);
    expect(kept.meta).toEqual({
      type: 'image',
      labels: ['Left', 'Right'],
      imageSize: 224,
      modelName: 'Sides',
    });
    expect(kept.scores).toEqual(result.scores);
    expect(new Uint8Array(kept.files.weightData)).toEqual(new Uint8Array(result.files.weightData));
    const again = await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: kept.files.modelTopology,
        weightSpecs: kept.files.weightSpecs as tf.io.WeightsManifestEntry[],
        weightData: kept.files.weightData,
      }),
    );
    expect(await predict(again, picture(0, 500))).toEqual(left);

    // The download's three files: the manifest names weights.bin, which has every weight.
    const files = tmExportFiles(text);
    expect(files.map((f) => f.name)).toEqual(['model.json', 'weights.bin', 'metadata.json']);
    const modelJson = JSON.parse(new TextDecoder().decode(files[0]?.data)) as {
      weightsManifest: { paths: string[] }[];
    };
    expect(modelJson.weightsManifest[0]?.paths).toEqual(['weights.bin']);
    expect(files[1]?.data.length).toBe(result.files.weightData.byteLength);
    const metadata = JSON.parse(new TextDecoder().decode(files[2]?.data)) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      packageName: '@teachablemachine/image',
      labels: ['Left', 'Right'],
      imageSize: 224,
      modelName: 'Sides',
    });

    // Teachable Machine's helper pins tfjs 1.3.1: the download loads there, with the same answers.
    const old = await predictWithTfjs131(files, [picture(0, 500), picture(1, 501)]);
    expect(old.version).toBe('1.3.1');
    for (const [i, mine] of [left, right].entries()) {
      const theirs = old.outputs[i] ?? [];
      expect(theirs).toHaveLength(2);
      theirs.forEach((p, c) => expect(p).toBeCloseTo(mine[c] ?? NaN, 4));
    }
    model.dispose();
    again.dispose();
    trainer.dispose();
  }, 180_000);
});
