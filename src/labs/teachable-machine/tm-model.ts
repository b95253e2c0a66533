// What the lab reads from a Teachable Machine export: the model URL's files, metadata.json
// (labels, image size, model type) and the model's input shape. Pure: no DOM, no tfjs.
// Only image models are supported; pose and audio exports are recognised and refused.

/** Why a model could not be used; each has a translated message (teachable:errors.*). */
type TmErrorCode =
  | 'bad-url'
  | 'unreachable'
  | 'not-found'
  | 'not-a-model'
  | 'bad-metadata'
  | 'unsupported-type'
  | 'wrong-input-shape'
  | 'no-backend'
  | 'inference-failed'
  | 'bad-kept-model';

export class TmError extends Error {
  override name = 'TmError';
  constructor(
    readonly code: TmErrorCode,
    detail = '',
  ) {
    super(detail || code);
  }
}

type TmModelType = 'image' | 'pose' | 'audio';

export interface TmMetadata {
  type: TmModelType;
  labels: string[];
  imageSize: number;
  modelName: string;
}

/** The files of a model as the inference side loads them (tfjs `ModelArtifacts` parts). */
export interface TmModelFiles {
  modelTopology: object;
  weightSpecs: TmWeightSpec[];
  /** Every weight file of the manifest, concatenated in manifest order. */
  weightData: ArrayBuffer;
}

export interface TmWeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | 'string' | 'complex64';
  quantization?: object;
}

interface TmModelUrls {
  model: string;
  metadata: string;
}

/**
 * The model.json and metadata.json URLs of what the user typed: a folder (Teachable
 * Machine's share link, with or without the trailing slash) or the model.json itself.
 * Only http(s) URLs; a relative one is read against `base` (the page).
 */
export function tmModelUrls(input: string, base: string): TmModelUrls {
  const text = input.trim();
  if (text === '') throw new TmError('bad-url');
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new TmError('bad-url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TmError('bad-url');
  url.search = '';
  url.hash = '';
  if (url.pathname.endsWith('/model.json')) {
    return { model: url.href, metadata: new URL('metadata.json', url).href };
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { model: new URL('model.json', url).href, metadata: new URL('metadata.json', url).href };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads metadata.json as Teachable Machine writes it. */
export function parseTmMetadata(json: unknown): TmMetadata {
  if (!isRecord(json)) throw new TmError('bad-metadata');
  const pkg = typeof json.packageName === 'string' ? json.packageName : '';
  if (pkg.includes('pose')) throw new TmError('unsupported-type', 'pose');
  if (pkg.includes('audio') || pkg.includes('speech') || Array.isArray(json.wordLabels)) {
    throw new TmError('unsupported-type', 'audio');
  }
  const labels = json.labels;
  if (
    !Array.isArray(labels) ||
    labels.length < 1 ||
    !labels.every((l): l is string => typeof l === 'string')
  ) {
    throw new TmError('bad-metadata', 'labels');
  }
  // Teachable Machine's image models are 224 × 224; older exports leave the size out.
  const size = json.imageSize ?? 224;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > 1024) {
    throw new TmError('bad-metadata', 'imageSize');
  }
  return {
    type: 'image',
    labels: [...labels],
    imageSize: size,
    modelName: typeof json.modelName === 'string' ? json.modelName : '',
  };
}

interface TmManifest {
  modelTopology: object;
  weightSpecs: TmWeightSpec[];
  weightPaths: string[];
}

/** Reads model.json (a tfjs layers model with its weights manifest). */
export function parseTmModelJson(json: unknown): TmManifest {
  if (!isRecord(json) || !isRecord(json.modelTopology) || !Array.isArray(json.weightsManifest)) {
    throw new TmError('not-a-model');
  }
  const weightSpecs: TmWeightSpec[] = [];
  const weightPaths: string[] = [];
  for (const group of json.weightsManifest) {
    if (!isRecord(group) || !Array.isArray(group.paths) || !Array.isArray(group.weights)) {
      throw new TmError('not-a-model');
    }
    for (const p of group.paths) {
      if (typeof p !== 'string') throw new TmError('not-a-model');
      weightPaths.push(p);
    }
    weightSpecs.push(...(group.weights as TmWeightSpec[]));
  }
  return { modelTopology: json.modelTopology, weightSpecs, weightPaths };
}

/**
 * The model takes one picture of `imageSize` × `imageSize` RGB pixels and gives one
 * probability per label; anything else is the wrong model for this lab.
 */
export function checkTmShapes(
  input: readonly (number | null)[],
  output: readonly (number | null)[],
  meta: Pick<TmMetadata, 'imageSize' | 'labels'>,
): void {
  const [, h, w, c] = input;
  if (input.length !== 4 || h !== meta.imageSize || w !== meta.imageSize || c !== 3) {
    throw new TmError('wrong-input-shape', `[${input.map((d) => d ?? '?').join(', ')}]`);
  }
  if (output.length !== 2 || output[1] !== meta.labels.length) {
    throw new TmError('wrong-input-shape', 'output');
  }
}
