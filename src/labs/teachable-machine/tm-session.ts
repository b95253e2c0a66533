// One Teachable Machine session: the model (loaded from a link, trained here, or kept in the
// project), the input (camera, image or video file), the inference loop with its frame rate,
// the live probabilities and the "stays above the threshold" trigger that hands a label to
// the sender; and the training side: classes, samples recorded from the input (features in
// the worker, a thumbnail here), Train with its progress and the held-out test.
// Framework-free; the UI reads `state` (a Valtio proxy) and calls the methods. The lab keeps
// one session for the whole app (runtime.ts), so samples survive a visit to another screen.
import { proxy, ref } from 'valtio';
import { nextTask } from '../../ui/next-task.ts';
import type { TmFrame } from './tm-classifier.ts';
import { fetchTmModel } from './tm-fetch.ts';
import { openTmInference, type TmInference, type TmInferenceMode } from './tm-inference.ts';
import { decodeKeptModel, type TmScore } from './tm-kept-model.ts';
import { TmError, type TmMetadata } from './tm-model.ts';
import {
  TM_MAX_CLASSES,
  TM_MAX_SAMPLES,
  TM_MIN_CLASSES,
  TM_MIN_SAMPLES,
  type TmTrainErrorCode,
} from './tm-limits.ts';
import { StayAboveTrigger, TM_HOLD_MS } from './tm-trigger.ts';

/** Errors of the input side (camera, files), beside the model's TmErrorCode. */
type TmInputErrorCode = 'camera-denied' | 'camera-missing' | 'camera-failed' | 'bad-file';

interface TmCamera {
  deviceId: string;
  label: string;
}

interface TmSample {
  id: number;
  /**
   * A small square picture of the sample, as an object URL (page memory; the features live
   * in the worker). A picture, not a canvas: a hundred canvases cost the page each frame.
   */
  thumb: string;
}

interface TmClass {
  key: string;
  label: string;
  samples: TmSample[];
}

interface TmSessionState {
  phase: 'idle' | 'loading' | 'ready';
  /** Where the loaded model came from. */
  model: 'link' | 'trained' | null;
  error: { code: TmError['code'] | TmInputErrorCode; detail: string } | null;
  meta: TmMetadata | null;
  mode: TmInferenceMode | null;
  backend: string;
  source: 'camera' | 'image' | 'video' | null;
  cameras: TmCamera[];
  probabilities: number[];
  fps: number;
  classes: TmClass[];
  /** The class being recorded. */
  recording: string | null;
  training: { epoch: number; epochs: number } | null;
  trainError: { code: TmTrainErrorCode | TmError['code']; detail: string } | null;
  /** The held-out test of the model in use (trained here or kept in the project). */
  scores: TmScore[];
}

/** What Train gives the project: the kept model's text. */
interface TmTrained {
  text: string;
  scores: TmScore[];
}

/** Recording takes at most this many samples a second. */
const RECORD_INTERVAL_MS = 100;
const THUMB = 64;

/** Frames on the page are spaced at least this far apart (ms), to leave the page time. */
const PAGE_FRAME_INTERVAL_MS = 200;

type Source = HTMLVideoElement | HTMLImageElement;

function sourceSize(el: Source): { width: number; height: number } {
  return el instanceof HTMLVideoElement
    ? { width: el.videoWidth, height: el.videoHeight }
    : { width: el.naturalWidth, height: el.naturalHeight };
}

function sourceReady(el: Source): boolean {
  return el instanceof HTMLVideoElement
    ? el.readyState >= 2 && el.videoWidth > 0
    : el.complete && el.naturalWidth > 0;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The picture as a PNG object URL (the bitmap is closed). */
async function thumbnailUrl(bitmap: ImageBitmap): Promise<string> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return URL.createObjectURL(await canvas.convertToBlob());
}

function cameraError(e: unknown): TmInputErrorCode {
  const name = e instanceof DOMException ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'camera-denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'camera-missing';
  return 'camera-failed';
}

export class TmSession {
  readonly state = proxy<TmSessionState>({
    phase: 'idle',
    error: null,
    meta: null,
    mode: null,
    backend: '',
    source: null,
    cameras: [],
    probabilities: [],
    fps: 0,
    model: null,
    classes: [],
    recording: null,
    training: null,
    trainError: null,
    scores: [],
  });

  private inference: TmInference | null = null;
  private opening: Promise<TmInference> | null = null;
  private nextClass = 1;
  private recordToken = 0;
  private keptText = '';
  private warming: Promise<void> | null = null;
  /** Whether video frames go to the worker as VideoFrames (where it takes them). */
  private videoFrames = typeof VideoFrame === 'function';
  /** Train was pressed and has not ended (`state.training` shows it a task later). */
  private trainingNow = false;
  private element: Source | null = null;
  private stream: MediaStream | null = null;
  private objectUrl: string | null = null;
  private loop = 0;
  private loadToken = 0;
  private frameTimes: number[] = [];
  private readonly trigger = new StayAboveTrigger({ threshold: 0.8, holdMs: TM_HOLD_MS });
  private onTrigger: ((label: string) => void) | null = null;

  constructor(private readonly prefer: TmInferenceMode = 'worker') {}

  setTrigger(threshold: number, holdMs = TM_HOLD_MS): void {
    this.trigger.setOptions({ threshold, holdMs });
  }

  /** Hears each label that has stayed above the threshold (null: nobody listens). */
  setOnTrigger(listener: ((label: string) => void) | null): void {
    this.onTrigger = listener;
  }

  /** The worker (or the page), opened once and kept: it holds the samples' features. */
  private open(): Promise<TmInference> {
    if (this.inference) return Promise.resolve(this.inference);
    this.opening ??= openTmInference(this.prefer).then(
      (inference) => {
        this.inference = inference;
        this.state.mode = inference.mode;
        this.state.backend = inference.backend;
        return inference;
      },
      (e: unknown) => {
        this.opening = null;
        throw e;
      },
    );
    return this.opening;
  }

  private beginLoad(): number {
    const token = ++this.loadToken;
    this.stopLoop();
    Object.assign(this.state, {
      phase: 'loading',
      error: null,
      meta: null,
      model: null,
      probabilities: [],
      fps: 0,
      scores: [],
    });
    return token;
  }

  private ready(meta: TmMetadata, model: 'link' | 'trained', scores: TmScore[], loop = true): void {
    this.trigger.reset();
    Object.assign(this.state, {
      phase: 'ready',
      meta: ref(meta),
      model,
      scores,
      probabilities: meta.labels.map(() => 0),
    });
    if (loop) this.startLoop();
  }

  private failLoad(token: number, e: unknown): void {
    if (token !== this.loadToken) return;
    const err = e instanceof TmError ? e : new TmError('unreachable', String(e));
    Object.assign(this.state, { phase: 'idle', error: { code: err.code, detail: err.message } });
  }

  /** Loads the model at a Teachable Machine link. */
  async load(url: string): Promise<void> {
    const token = this.beginLoad();
    this.keptText = '';
    try {
      const { meta, files } = await fetchTmModel(url);
      const inference = await this.open();
      const result = await inference.load(files, meta);
      if (token !== this.loadToken) return;
      if (!result.ok) throw new TmError(result.code, result.detail);
      this.state.backend = result.backend;
      this.ready(meta, 'link', []);
    } catch (e) {
      this.failLoad(token, e);
    }
  }

  /** Loads the model kept in the project (the text of its `config_tm_model` setting). */
  async loadKept(text: string): Promise<void> {
    if (text === this.keptText && this.state.model === 'trained') return;
    const token = this.beginLoad();
    this.keptText = text;
    try {
      const kept = decodeKeptModel(text);
      const inference = await this.open();
      const result = await inference.load(kept.files, kept.meta);
      if (token !== this.loadToken) return;
      if (!result.ok) throw new TmError('bad-kept-model', result.detail);
      this.state.backend = result.backend;
      // Train again with the same names: the classes start as the model's, without samples.
      if (this.state.classes.every((c) => c.samples.length === 0)) {
        this.state.classes = kept.meta.labels.map((label) => ({
          key: `c${this.nextClass++}`,
          label,
          samples: [],
        }));
      }
      this.ready(kept.meta, 'trained', kept.scores);
    } catch (e) {
      this.keptText = '';
      this.failLoad(token, e);
    }
  }

  /** The kept model went away (another program opened): forget it. */
  unloadKept(): void {
    if (this.state.model !== 'trained') return;
    this.loadToken++;
    this.keptText = '';
    this.stopLoop();
    Object.assign(this.state, {
      phase: 'idle',
      meta: null,
      model: null,
      probabilities: [],
      scores: [],
    });
  }

  // Classes and samples

  /** The classes to start from: two, named by `name(n)`. */
  ensureClasses(name: (n: number) => string): void {
    while (this.state.classes.length < TM_MIN_CLASSES) this.addClass(name);
  }

  addClass(name: (n: number) => string): void {
    if (this.state.classes.length >= TM_MAX_CLASSES) return;
    const taken = new Set(this.state.classes.map((c) => c.label));
    let n = this.state.classes.length + 1;
    while (taken.has(name(n))) n++;
    this.state.classes.push({ key: `c${this.nextClass++}`, label: name(n), samples: [] });
  }

  removeClass(key: string): void {
    if (this.state.classes.length <= TM_MIN_CLASSES) return;
    const cls = this.state.classes.find((c) => c.key === key);
    if (!cls) return;
    if (this.state.recording === key) this.stopRecording();
    for (const s of cls.samples) URL.revokeObjectURL(s.thumb);
    this.state.classes = this.state.classes.filter((c) => c.key !== key);
    this.forget(this.inference?.clearClass(key));
  }

  renameClass(key: string, label: string): void {
    const cls = this.state.classes.find((c) => c.key === key);
    if (cls) cls.label = label;
  }

  deleteSample(key: string, id: number): void {
    const cls = this.state.classes.find((c) => c.key === key);
    const sample = cls?.samples.find((s) => s.id === id);
    if (!cls || !sample) return;
    URL.revokeObjectURL(sample.thumb);
    cls.samples = cls.samples.filter((s) => s.id !== id);
    this.forget(this.inference?.removeSample(id));
  }

  clearSamples(key: string): void {
    const cls = this.state.classes.find((c) => c.key === key);
    if (!cls) return;
    for (const s of cls.samples) URL.revokeObjectURL(s.thumb);
    cls.samples = [];
    this.forget(this.inference?.clearClass(key));
  }

  /** Opens the worker and gets training ready while the user sets up the classes. */
  prepareTraining(): void {
    this.warming ??= this.open()
      .then((inference) => inference.warm())
      .catch(() => {
        // Recording says what went wrong, if it still does.
        this.warming = null;
      });
  }

  /** Records samples of the class from the input until stopRecording() (at least one). */
  startRecording(key: string): void {
    if (this.state.recording !== null || !this.element) return;
    this.state.recording = key;
    const token = ++this.recordToken;
    void this.record(key, token);
  }

  stopRecording(): void {
    this.recordToken++;
    this.state.recording = null;
  }

  private async record(key: string, token: number): Promise<void> {
    try {
      const inference = await this.open();
      // The first sample is taken even for a press too short to hold.
      for (let first = true; first || token === this.recordToken; first = false) {
        const element = this.element;
        const cls = this.state.classes.find((c) => c.key === key);
        if (!element || !cls || cls.samples.length >= TM_MAX_SAMPLES) break;
        const started = performance.now();
        if (sourceReady(element)) {
          const { width, height } = sourceSize(element);
          const side = Math.min(width, height);
          const small = await createImageBitmap(
            element,
            (width - side) / 2,
            (height - side) / 2,
            side,
            side,
            { resizeWidth: THUMB, resizeHeight: THUMB },
          );
          const thumbnail = thumbnailUrl(small);
          const result = await this.withFrame(element, inference, (frame) =>
            inference.addSample(key, frame),
          );
          const thumb = await thumbnail.catch((e: unknown) => {
            if (result.ok) this.forget(inference.removeSample(result.id));
            throw e;
          });
          const now = this.state.classes.find((c) => c.key === key);
          if (!result.ok) {
            URL.revokeObjectURL(thumb);
            this.state.trainError = { code: result.code, detail: result.detail };
            break;
          }
          if (!now) {
            URL.revokeObjectURL(thumb);
            this.forget(inference.removeSample(result.id));
            break;
          }
          now.samples.push({ id: result.id, thumb });
        }
        await sleep(Math.max(0, RECORD_INTERVAL_MS - (performance.now() - started)));
      }
    } catch (e) {
      this.trainFailed(e);
    } finally {
      if (token === this.recordToken) this.stopRecording();
    }
  }

  /**
   * A sample or class the worker drops in the background: should that fail, the model
   * would train on what the page no longer shows, so the trainer says so.
   */
  private forget(work: Promise<void> | undefined): void {
    work?.catch((e: unknown) => this.trainFailed(e));
  }

  private trainFailed(e: unknown): void {
    const err = e instanceof TmError ? e : new TmError('inference-failed', String(e));
    this.state.trainError = { code: err.code, detail: err.message };
  }

  /** Why Train cannot start yet, or null. */
  trainProblem(): { code: TmTrainErrorCode; label?: string } | null {
    const classes = this.state.classes;
    if (classes.length < TM_MIN_CLASSES) return { code: 'too-few-classes' };
    const short = classes.find((c) => c.samples.length < TM_MIN_SAMPLES);
    if (short) return { code: 'too-few-samples', label: short.label };
    const labels = classes.map((c) => c.label.trim());
    if (labels.some((l) => l === '')) return { code: 'unnamed-class' };
    if (new Set(labels).size !== labels.length) return { code: 'same-names' };
    return null;
  }

  /**
   * Trains on the samples; the new model then classifies. Returns what the project keeps,
   * or null when training did not work (trainError says why).
   */
  async train(modelName: string, now = new Date()): Promise<TmTrained | null> {
    if (this.trainingNow) return null;
    const problem = this.trainProblem();
    this.state.trainError = problem ? { code: problem.code, detail: problem.label ?? '' } : null;
    if (problem) return null;
    this.stopRecording();
    const classes = this.state.classes.map((c) => ({ key: c.key, label: c.label.trim() }));
    this.trainingNow = true;
    try {
      const inference = await this.open();
      const keep = { modelName, trainedAt: now.toISOString() };
      const training = inference.train(classes, keep, (p) => {
        this.state.training = { epoch: p.epoch, epochs: p.epochs };
      });
      // Training starts at once; the page shows it (Train busy, the buttons disabled, the
      // progress) in a task of its own, which keeps the click's task short.
      await nextTask();
      this.state.training ??= { epoch: 0, epochs: 1 };
      const result = await training;
      if (!result.ok) {
        this.state.trainError = { code: result.code, detail: result.detail };
        return null;
      }
      const { text, scores } = result;
      const labels = classes.map((c) => c.label);
      const token = ++this.loadToken;
      this.keptText = text;
      // The results first, then the new model's status, then its frames, each in a task of
      // its own: together they held the page past 50 ms on a slow machine. A model that
      // classified before training (a link's) stops now: the worker holds the new one.
      this.stopLoop();
      Object.assign(this.state, { training: null, scores, error: null });
      await nextTask();
      if (token !== this.loadToken) return { text, scores };
      this.state.backend = result.backend;
      this.ready({ type: 'image', labels, imageSize: 224, modelName }, 'trained', scores, false);
      void nextFrame().then(() => {
        if (token === this.loadToken) this.startLoop();
      });
      return { text, scores };
    } catch (e) {
      this.trainFailed(e);
      return null;
    } finally {
      this.trainingNow = false;
      this.state.training = null;
    }
  }

  /** Starts the camera (`deviceId`, or the default one) into `video`. */
  async startCamera(video: HTMLVideoElement, deviceId = ''): Promise<void> {
    this.stopInput();
    this.state.error = null;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'NotFoundError');
      const stream = await navigator.mediaDevices.getUserMedia({
        video: deviceId ? { deviceId: { exact: deviceId } } : true,
        audio: false,
      });
      this.stream = stream;
      video.srcObject = stream;
      await video.play().catch(() => {});
      this.use(video, 'camera');
      const devices = await navigator.mediaDevices.enumerateDevices();
      this.state.cameras = devices
        .filter((d) => d.kind === 'videoinput')
        .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `#${i + 1}` }));
    } catch (e) {
      this.state.error = { code: cameraError(e), detail: e instanceof Error ? e.message : '' };
    }
  }

  /** Uses a picture or a video file as the input. */
  useFile(file: File, image: HTMLImageElement, video: HTMLVideoElement): void {
    this.stopInput();
    this.state.error = null;
    const isVideo = file.type.startsWith('video/');
    if (!isVideo && !file.type.startsWith('image/')) {
      this.state.error = { code: 'bad-file', detail: file.name };
      return;
    }
    this.objectUrl = URL.createObjectURL(file);
    if (isVideo) {
      video.src = this.objectUrl;
      video.loop = true;
      video.muted = true;
      void video.play().catch(() => {});
      this.use(video, 'video');
    } else {
      image.onerror = () => {
        this.state.error = { code: 'bad-file', detail: file.name };
      };
      image.src = this.objectUrl;
      this.use(image, 'image');
    }
  }

  stopInput(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.element instanceof HTMLVideoElement) {
      this.element.pause();
      this.element.srcObject = null;
      this.element.removeAttribute('src');
    }
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
    this.element = null;
    this.state.source = null;
    this.state.fps = 0;
    this.trigger.reset();
  }

  /** The screen went away: the input stops; model, classes and samples stay. */
  leave(): void {
    this.stopRecording();
    this.stopInput();
  }

  dispose(): void {
    this.loadToken++;
    this.stopLoop();
    this.leave();
    for (const c of this.state.classes) for (const s of c.samples) URL.revokeObjectURL(s.thumb);
    this.state.classes = [];
    this.inference?.dispose();
    this.inference = null;
    this.opening = null;
    this.warming = null;
  }

  /**
   * Hands the input's current frame to `take`: from a video, a VideoFrame where the worker
   * takes it (the page does not copy the picture: the worker converts it), else a bitmap.
   */
  private async withFrame<T>(
    element: Source,
    inference: TmInference,
    take: (frame: TmFrame) => Promise<T>,
  ): Promise<T> {
    if (this.videoFrames && inference.mode === 'worker' && element instanceof HTMLVideoElement) {
      let frame: VideoFrame | null = null;
      try {
        frame = new VideoFrame(element);
        return await take(frame);
      } catch (e) {
        frame?.close();
        // No frame to take yet: a bitmap this time. A browser that cannot hand a VideoFrame
        // to a worker: bitmaps from now on.
        if (frame && !(e instanceof DOMException && e.name === 'DataCloneError')) throw e;
        if (frame) this.videoFrames = false;
      }
    }
    return take(await createImageBitmap(element));
  }

  private use(element: Source, source: TmSessionState['source']): void {
    this.element = element;
    this.state.source = source;
    this.trigger.reset();
    this.startLoop();
  }

  private stopLoop(): void {
    this.loop++;
    this.frameTimes = [];
  }

  private startLoop(): void {
    if (!this.inference || !this.element) return;
    const token = ++this.loop;
    void this.run(token);
  }

  /** Frames per second over the last two seconds. */
  private countFrame(now: number): number {
    const times = this.frameTimes;
    times.push(now);
    while (times.length > 1 && now - (times[0] ?? now) > 2000) times.shift();
    const span = now - (times[0] ?? now);
    return span > 0 ? ((times.length - 1) * 1000) / span : 0;
  }

  private async run(token: number): Promise<void> {
    while (token === this.loop) {
      const inference = this.inference;
      const element = this.element;
      const meta = this.state.meta;
      if (!inference || !element || !meta) return;
      if (!sourceReady(element)) {
        await nextFrame();
        continue;
      }
      const started = performance.now();
      let probabilities: number[];
      try {
        probabilities = await this.withFrame(element, inference, (frame) =>
          inference.classify(frame),
        );
      } catch (e) {
        if (token !== this.loop) return;
        const err = e instanceof TmError ? e : new TmError('inference-failed', String(e));
        this.state.error = { code: err.code, detail: err.message };
        return;
      }
      if (token !== this.loop) return;
      const now = performance.now();
      this.state.fps = this.countFrame(now);
      this.state.probabilities = probabilities;
      const label = this.trigger.update(probabilities, meta.labels, now);
      if (label !== null) this.onTrigger?.(label);
      if (inference.mode === 'page') {
        await sleep(Math.max(0, PAGE_FRAME_INTERVAL_MS - (performance.now() - started)));
      } else {
        await nextFrame();
      }
    }
  }
}
