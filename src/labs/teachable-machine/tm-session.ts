// One Teachable Machine session: the loaded model, the input (camera, image or video file),
// the inference loop with its frame rate, the live probabilities and the "stays above the
// threshold" trigger that hands a label to the sender. Framework-free; the UI reads `state`
// (a Valtio proxy) and calls the methods.
import { proxy, ref } from 'valtio';
import { fetchTmModel } from './tm-fetch.ts';
import { loadTmInference, type TmInference, type TmInferenceMode } from './tm-inference.ts';
import { TmError, type TmMetadata } from './tm-model.ts';
import { StayAboveTrigger, TM_HOLD_MS } from './tm-trigger.ts';

/** Errors of the input side (camera, files), beside the model's TmErrorCode. */
export type TmInputErrorCode = 'camera-denied' | 'camera-missing' | 'camera-failed' | 'bad-file';

export interface TmCamera {
  deviceId: string;
  label: string;
}

export interface TmSessionState {
  phase: 'idle' | 'loading' | 'ready';
  error: { code: TmError['code'] | TmInputErrorCode; detail: string } | null;
  meta: TmMetadata | null;
  mode: TmInferenceMode | null;
  backend: string;
  source: 'camera' | 'image' | 'video' | null;
  cameras: TmCamera[];
  probabilities: number[];
  fps: number;
}

/** Frames on the page are spaced at least this far apart (ms), to leave the page time. */
export const PAGE_FRAME_INTERVAL_MS = 200;

type Source = HTMLVideoElement | HTMLImageElement;

function sourceReady(el: Source): boolean {
  return el instanceof HTMLVideoElement
    ? el.readyState >= 2 && el.videoWidth > 0
    : el.complete && el.naturalWidth > 0;
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  });

  private inference: TmInference | null = null;
  private element: Source | null = null;
  private stream: MediaStream | null = null;
  private objectUrl: string | null = null;
  private loop = 0;
  private loadToken = 0;
  private frameTimes: number[] = [];
  private readonly trigger = new StayAboveTrigger({ threshold: 0.8, holdMs: TM_HOLD_MS });
  private onTrigger: ((label: string) => void) | null = null;

  constructor(private readonly prefer: TmInferenceMode = 'worker') {}

  setThreshold(threshold: number): void {
    this.trigger.setOptions({ threshold, holdMs: TM_HOLD_MS });
  }

  /** Hears each label that has stayed above the threshold (null: nobody listens). */
  setOnTrigger(listener: ((label: string) => void) | null): void {
    this.onTrigger = listener;
  }

  async load(url: string): Promise<void> {
    const token = ++this.loadToken;
    this.stopLoop();
    this.inference?.dispose();
    this.inference = null;
    Object.assign(this.state, {
      phase: 'loading',
      error: null,
      meta: null,
      mode: null,
      backend: '',
      probabilities: [],
      fps: 0,
    });
    try {
      const { meta, files } = await fetchTmModel(url);
      const { inference, result } = await loadTmInference(files, meta, this.prefer);
      if (token !== this.loadToken) return inference.dispose();
      if (!result.ok) {
        inference.dispose();
        throw new TmError(result.code, result.detail);
      }
      this.inference = inference;
      this.trigger.reset();
      Object.assign(this.state, {
        phase: 'ready',
        meta: ref(meta),
        mode: inference.mode,
        backend: result.backend,
        probabilities: meta.labels.map(() => 0),
      });
      this.startLoop();
    } catch (e) {
      if (token !== this.loadToken) return;
      const err = e instanceof TmError ? e : new TmError('unreachable', String(e));
      Object.assign(this.state, { phase: 'idle', error: { code: err.code, detail: err.message } });
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

  dispose(): void {
    this.loadToken++;
    this.stopLoop();
    this.stopInput();
    this.inference?.dispose();
    this.inference = null;
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
        const frame = await createImageBitmap(element);
        probabilities = await inference.classify(frame);
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
