// The Teachable Machine worker's API (workers/tm.worker.ts): the lab's engine (tm-engine.ts)
// behind one typed Comlink API. Frames arrive transferred (ImageBitmaps or VideoFrames); training reports
// its progress through a callback the page passes with Comlink.proxy and hands back the text
// the project keeps.
import type { TmFrame } from '../tm-classifier.ts';
import { TmEngine, type TmKeep } from '../tm-engine.ts';
import type { TmMetadata, TmModelFiles } from '../tm-model.ts';
import type { TmTrainClass, TmTrainProgress } from '../tm-trainer.ts';

const engine = new TmEngine();

export const tmWorkerApi = {
  backend: () => engine.backend(),
  load: (files: TmModelFiles, meta: Pick<TmMetadata, 'imageSize' | 'labels'>) =>
    engine.load(files, meta),
  classify: (frame: TmFrame) => engine.classify(frame),
  addSample: (key: string, frame: TmFrame) => engine.addSample(key, frame),
  warm: () => engine.warm(),
  removeSample: (id: number) => engine.removeSample(id),
  clearClass: (key: string) => engine.clearClass(key),
  train: (
    classes: TmTrainClass[],
    keep: TmKeep,
    onProgress?: (progress: TmTrainProgress) => void,
  ) => engine.train(classes, keep, onProgress),
  unload: () => engine.unload(),
};

export type TmWorkerApi = typeof tmWorkerApi;
