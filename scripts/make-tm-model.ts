// Builds small Teachable-Machine-shaped image models with TensorFlow.js in Node, written
// as TM's export is (model.json + weights.bin + metadata.json), for the e2e tests and the
// benchmark. Nothing is downloaded.
//
// `colours/`: input [size, size, 3] (TM's scaling to -1..1 happens before the model), global
// average pooling, then a dense softmax whose kernel is 12 × the identity: the class is the
// dominant mean colour, so a red picture is "Red" with a probability above 0.99.
// `wrong-shape/`: a model whose input is a flat vector of 10, with valid metadata: the lab
// must refuse it. `bench/` (makeTmBenchModel): TM's 224 × 224 input and some convolutions.
//
// Usage: node --import tsx scripts/make-tm-model.ts <out-dir>
import fs from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';

export const TM_COLOUR_LABELS = ['Red', 'Green', 'Blue'] as const;
export const TM_IMAGE_SIZE = 32;

function metadata(labels: readonly string[], imageSize: number, modelName: string) {
  return {
    tfjsVersion: tf.version.tfjs,
    tmVersion: '2.4.10',
    packageVersion: '0.8.4',
    packageName: '@teachablemachine/image',
    timeStamp: '2026-01-01T00:00:00.000Z',
    userMetadata: {},
    modelName,
    labels: [...labels],
    imageSize,
  };
}

async function save(model: tf.LayersModel, dir: string, meta: object): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const weights = artifacts.weightData;
      if (!weights || Array.isArray(weights)) throw new Error('expected one weight buffer');
      const modelJson = {
        modelTopology: artifacts.modelTopology,
        format: 'layers-model',
        generatedBy: artifacts.generatedBy,
        convertedBy: null,
        weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
      };
      fs.writeFileSync(path.join(dir, 'model.json'), JSON.stringify(modelJson));
      fs.writeFileSync(path.join(dir, 'weights.bin'), Buffer.from(weights));
      return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
    }),
  );
  fs.writeFileSync(path.join(dir, 'metadata.json'), JSON.stringify(meta));
}

function colourModel(size: number): tf.Sequential {
  const model = tf.sequential();
  model.add(tf.layers.globalAveragePooling2d({ inputShape: [size, size, 3] }));
  const dense = tf.layers.dense({ units: TM_COLOUR_LABELS.length, activation: 'softmax' });
  model.add(dense);
  dense.setWeights([tf.eye(3).mul(12), tf.zeros([3])]);
  return model;
}

function wrongShapeModel(): tf.Sequential {
  const model = tf.sequential();
  model.add(tf.layers.dense({ inputShape: [10], units: 2, activation: 'softmax' }));
  return model;
}

/**
 * A model with Teachable Machine's 224 × 224 input and a few convolutions, so one frame
 * costs real work (the benchmark's model; its weights are random, its verdict irrelevant).
 */
function benchModel(): tf.Sequential {
  const model = tf.sequential();
  model.add(
    tf.layers.conv2d({
      inputShape: [224, 224, 3],
      filters: 16,
      kernelSize: 3,
      strides: 2,
      activation: 'relu',
    }),
  );
  model.add(tf.layers.conv2d({ filters: 32, kernelSize: 3, strides: 2, activation: 'relu' }));
  model.add(tf.layers.conv2d({ filters: 64, kernelSize: 3, strides: 2, activation: 'relu' }));
  model.add(tf.layers.globalAveragePooling2d({}));
  model.add(tf.layers.dense({ units: 3, activation: 'softmax' }));
  return model;
}

/** Writes `bench/` (224 × 224, a few convolutions) under `outDir`. */
export async function makeTmBenchModel(outDir: string): Promise<void> {
  await tf.setBackend('cpu');
  await save(benchModel(), path.join(outDir, 'bench'), metadata(['A', 'B', 'C'], 224, 'bench'));
}

/** Writes `colours/` and `wrong-shape/` under `outDir`. */
export async function makeTmModels(outDir: string, size = TM_IMAGE_SIZE): Promise<void> {
  await tf.setBackend('cpu');
  await save(
    colourModel(size),
    path.join(outDir, 'colours'),
    metadata(TM_COLOUR_LABELS, size, 'colours'),
  );
  await save(
    wrongShapeModel(),
    path.join(outDir, 'wrong-shape'),
    metadata(['A', 'B'], size, 'wrong-shape'),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: make-tm-model.ts <out-dir>');
    process.exit(2);
  }
  await makeTmModels(out);
  console.log(`Teachable Machine test models written to ${out}`);
}
