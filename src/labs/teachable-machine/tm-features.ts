// The picture features a model trained in the lab starts from. Nothing is downloaded: the
// weights are built here, the same on every machine. The first convolution is a fixed bank
// of filters (colour blobs in three opponent channels and oriented edges of the brightness,
// each with both signs), the second mixes them with weights drawn from a seeded generator;
// a 4 × 4 grid of averages keeps where things are in the picture. Only the last layer (one
// weight per feature and class) is trained, so a class needs a few dozen samples at most.
//
// Every layer is a plain Keras layer that TensorFlow.js 1.3.1 (the version Teachable
// Machine's helper pins) reads, so a trained model exports as a Teachable Machine model.
import * as tf from '@tensorflow/tfjs';

/** Teachable Machine's picture size: the model's input is 224 × 224 RGB in -1..1. */
export const TM_INPUT_SIZE = 224;
/** Sides of the first convolution's filters. */
const K1 = 5;
const CHANNELS_1 = 24;
const CHANNELS_2 = 32;
/** 224 → 112 (pool) → 56 (conv, stride 2) → 28 (conv, stride 2) → 4 × 4 grid of 7 × 7. */
const GRID_POOL = 7;
export const TM_FEATURES = 4 * 4 * CHANNELS_2;
const SEED = 0x9e3779b9;

/** A small seeded generator (mulberry32): the same numbers everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first convolution's kernel, [K1, K1, 3, CHANNELS_1]. */
function firstKernel(): Float32Array {
  const kernel = new Float32Array(K1 * K1 * 3 * CHANNELS_1);
  const c = (K1 - 1) / 2;
  const set = (y: number, x: number, ch: number, out: number, v: number) => {
    kernel[((y * K1 + x) * 3 + ch) * CHANNELS_1 + out] = v;
  };
  // RGB weights of brightness and two colour-opponent channels.
  const opponents = [
    [1 / 3, 1 / 3, 1 / 3],
    [1, -1, 0],
    [-0.5, -0.5, 1],
  ];
  let out = 0;
  const blob = (dy: number, dx: number) => Math.exp(-(dx * dx + dy * dy) / 4);
  let blobSum = 0;
  for (let y = 0; y < K1; y++) for (let x = 0; x < K1; x++) blobSum += blob(y - c, x - c);
  for (const weights of opponents) {
    for (const sign of [1, -1]) {
      for (let y = 0; y < K1; y++) {
        for (let x = 0; x < K1; x++) {
          const g = (sign * blob(y - c, x - c)) / blobSum;
          for (let ch = 0; ch < 3; ch++) set(y, x, ch, out, g * (weights[ch] ?? 0));
        }
      }
      out++;
    }
  }
  // Oriented edges of the brightness: 4 directions × 2 phases × 2 signs, and a centre
  // against its surround (2 signs).
  for (let o = 0; o < 4; o++) {
    const angle = (o * Math.PI) / 4;
    for (const phase of [0, Math.PI / 2]) {
      for (const sign of [1, -1]) {
        const values: number[] = [];
        for (let y = 0; y < K1; y++) {
          for (let x = 0; x < K1; x++) {
            const u = (x - c) * Math.cos(angle) + (y - c) * Math.sin(angle);
            values.push(blob(y - c, x - c) * Math.cos((2 * Math.PI * u) / 4 + phase));
          }
        }
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const norm = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0)) || 1;
        values.forEach((v, i) => {
          for (let ch = 0; ch < 3; ch++) {
            set(Math.floor(i / K1), i % K1, ch, out, (sign * (v - mean)) / norm / 3);
          }
        });
        out++;
      }
    }
  }
  for (const sign of [1, -1]) {
    for (let y = 0; y < K1; y++) {
      for (let x = 0; x < K1; x++) {
        const r2 = (x - c) ** 2 + (y - c) ** 2;
        const v = r2 <= 1 ? 1 / 5 : -1 / 20;
        for (let ch = 0; ch < 3; ch++) set(y, x, ch, out, (sign * v) / 3);
      }
    }
    out++;
  }
  return kernel;
}

/** The second convolution's kernel, [3, 3, CHANNELS_1, CHANNELS_2]: seeded, He-scaled. */
function secondKernel(): Float32Array {
  const next = random(SEED);
  const n = 3 * 3 * CHANNELS_1 * CHANNELS_2;
  const kernel = new Float32Array(n);
  const scale = Math.sqrt(2 / (3 * 3 * CHANNELS_1));
  for (let i = 0; i < n; i += 2) {
    // Box-Muller: two normal numbers from two uniform ones.
    const r = Math.sqrt(-2 * Math.log(1 - next()));
    const a = 2 * Math.PI * next();
    kernel[i] = r * Math.cos(a) * scale;
    if (i + 1 < n) kernel[i + 1] = r * Math.sin(a) * scale;
  }
  return kernel;
}

/** The feature layers, input [224, 224, 3] → [TM_FEATURES], with their built weights. */
export function featureLayers(): tf.layers.Layer[] {
  const pool = tf.layers.averagePooling2d({
    inputShape: [TM_INPUT_SIZE, TM_INPUT_SIZE, 3],
    poolSize: 2,
    strides: 2,
    name: 'gogo_shrink',
  });
  const conv1 = tf.layers.conv2d({
    filters: CHANNELS_1,
    kernelSize: K1,
    strides: 2,
    padding: 'same',
    activation: 'relu',
    name: 'gogo_filters',
  });
  const conv2 = tf.layers.conv2d({
    filters: CHANNELS_2,
    kernelSize: 3,
    strides: 2,
    padding: 'same',
    activation: 'relu',
    name: 'gogo_mix',
  });
  const grid = tf.layers.averagePooling2d({
    poolSize: GRID_POOL,
    strides: GRID_POOL,
    name: 'gogo_grid',
  });
  const flat = tf.layers.flatten({ name: 'gogo_features' });
  return [pool, conv1, conv2, grid, flat];
}

/** Sets the built weights on the layers of featureLayers() once they are in a model. */
export function setFeatureWeights(layers: tf.layers.Layer[]): void {
  const [, conv1, conv2] = layers;
  if (!conv1 || !conv2) throw new Error('feature layers');
  conv1.setWeights([tf.tensor4d(firstKernel(), [K1, K1, 3, CHANNELS_1]), tf.zeros([CHANNELS_1])]);
  conv2.setWeights([
    tf.tensor4d(secondKernel(), [3, 3, CHANNELS_1, CHANNELS_2]),
    tf.fill([CHANNELS_2], -0.02),
  ]);
  for (const layer of layers) layer.trainable = false;
}

/** The feature model alone: a picture in, TM_FEATURES numbers out. */
export function featureModel(): tf.Sequential {
  const model = tf.sequential({ name: 'gogo_picture_features' });
  const layers = featureLayers();
  for (const layer of layers) model.add(layer);
  setFeatureWeights(layers);
  return model;
}
