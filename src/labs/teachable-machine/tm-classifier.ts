// Runs a Teachable Machine image model with TensorFlow.js, in the lab's worker or, when the
// worker cannot run tfjs, on the page. A frame is cropped to its centre square, scaled to
// the model's image size and mapped to -1..1, as Teachable Machine does before its model.
import * as tf from '@tensorflow/tfjs';
import { checkTmShapes, TmError, type TmMetadata, type TmModelFiles } from './tm-model.ts';

export type TmLoadResult =
  { ok: true; backend: string } | { ok: false; code: TmError['code']; detail: string };

/**
 * A frame of the input: an ImageBitmap, or a video's VideoFrame (which the page takes without
 * copying the picture; the worker converts it).
 */
export type TmFrame = ImageBitmap | VideoFrame;

const frameSize = (frame: TmFrame) =>
  'displayWidth' in frame
    ? { width: frame.displayWidth, height: frame.displayHeight }
    : { width: frame.width, height: frame.height };

/**
 * Turns frames into a model's input: the centre square scaled to `size` × `size`, RGB mapped
 * to -1..1, as Teachable Machine does. The frame is closed afterwards.
 */
export class FramePixels {
  private canvas: OffscreenCanvas | null = null;

  pixels(frame: TmFrame, size: number): Float32Array {
    if (this.canvas?.width !== size) this.canvas = new OffscreenCanvas(size, size);
    const context = this.canvas.getContext('2d', { willReadFrequently: true });
    if (!context) {
      frame.close();
      throw new TmError('no-backend', '2d');
    }
    const { width, height } = frameSize(frame);
    const side = Math.min(width, height);
    context.drawImage(frame, (width - side) / 2, (height - side) / 2, side, side, 0, 0, size, size);
    frame.close();
    const rgba = context.getImageData(0, 0, size, size).data;
    const rgb = new Float32Array(size * size * 3);
    for (let i = 0, j = 0; i < rgba.length; i += 4) {
      rgb[j++] = (rgba[i] ?? 0) / 127.5 - 1;
      rgb[j++] = (rgba[i + 1] ?? 0) / 127.5 - 1;
      rgb[j++] = (rgba[i + 2] ?? 0) / 127.5 - 1;
    }
    return rgb;
  }
}

/** WebGL first (OffscreenCanvas in a worker), else the plain CPU backend. */
export async function pickBackend(): Promise<string> {
  if (tf.getBackend()) return tf.getBackend();
  for (const name of ['webgl', 'cpu']) {
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        return name;
      }
    } catch {
      // the next one
    }
  }
  throw new TmError('no-backend');
}

export class TmClassifier {
  private model: tf.LayersModel | null = null;
  private size = 0;
  private readonly frames = new FramePixels();

  async load(files: TmModelFiles, meta: Pick<TmMetadata, 'imageSize' | 'labels'>) {
    this.dispose();
    try {
      const backend = await pickBackend();
      let model: tf.LayersModel;
      try {
        model = await tf.loadLayersModel(
          tf.io.fromMemory({
            modelTopology: files.modelTopology,
            weightSpecs: files.weightSpecs as tf.io.WeightsManifestEntry[],
            weightData: files.weightData,
          }),
        );
      } catch (e) {
        throw new TmError('not-a-model', e instanceof Error ? e.message : String(e));
      }
      const input = model.inputs[0]?.shape ?? [];
      const output = model.outputs[0]?.shape ?? [];
      try {
        checkTmShapes(input, output, meta);
      } catch (e) {
        model.dispose();
        throw e;
      }
      this.model = model;
      this.size = meta.imageSize;
      return { ok: true, backend } satisfies TmLoadResult;
    } catch (e) {
      const err = e instanceof TmError ? e : new TmError('not-a-model', String(e));
      return { ok: false, code: err.code, detail: err.message } satisfies TmLoadResult;
    }
  }

  /** One probability per label for the frame (which is closed afterwards). */
  async classify(frame: TmFrame): Promise<number[]> {
    const model = this.model;
    if (!model) {
      frame.close();
      throw new TmError('inference-failed', 'no model');
    }
    const size = this.size;
    const rgb = this.frames.pixels(frame, size);
    const out = tf.tidy(() => model.predict(tf.tensor4d(rgb, [1, size, size, 3])) as tf.Tensor);
    try {
      return Array.from(await out.data());
    } finally {
      out.dispose();
    }
  }

  /** Whether a model is loaded. */
  get loaded(): boolean {
    return this.model !== null;
  }

  dispose(): void {
    this.model?.dispose();
    this.model = null;
  }
}
