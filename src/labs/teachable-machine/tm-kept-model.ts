// A model trained in the lab, kept with the project: one line of JSON in the program file's
// setting `config_tm_model` (never in the blocks or the Logo text), so it travels wherever
// the program goes — the cloud project, a shared link, a remix, a local file, the draft kept
// in this browser. It holds Teachable Machine's three files: metadata.json, model.json
// (whose manifest names weights.bin) and weights.bin itself in base64url (letters, digits,
// '-' and '_': nothing a form body or XML has to escape). Pure.
import {
  parseTmMetadata,
  parseTmModelJson,
  TmError,
  type TmMetadata,
  type TmModelFiles,
  type TmWeightSpec,
} from './tm-model.ts';

export const TM_KEPT_FORMAT = 'gogo-tm-model';
const VERSION = 1;
/** A kept model larger than this is refused when read (the whole project is smaller). */
const MAX_TEXT = 1024 * 1024;

export interface TmScore {
  label: string;
  right: number;
  total: number;
}

interface KeptTmModel {
  meta: TmMetadata;
  files: TmModelFiles;
  /** The held-out test of the training that made it. */
  scores: TmScore[];
  /** When it was trained (ISO time). */
  trainedAt: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new TmError('bad-kept-model', 'weights');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const DTYPE_BYTES: Record<TmWeightSpec['dtype'], number> = {
  float32: 4,
  int32: 4,
  bool: 1,
  string: 0,
  complex64: 8,
};

/** Bytes the weight specs describe (null when a spec has no fixed size). */
function weightBytes(specs: readonly TmWeightSpec[]): number | null {
  let n = 0;
  for (const s of specs) {
    if (s.quantization || s.dtype === 'string') return null;
    n += s.shape.reduce((a, b) => a * b, 1) * DTYPE_BYTES[s.dtype];
  }
  return n;
}

/** metadata.json of a trained model, in Teachable Machine's fields. */
export function tmMetadataJson(
  labels: readonly string[],
  modelName: string,
  tfjsVersion: string,
  timeStamp: string,
): Record<string, unknown> {
  return {
    tfjsVersion,
    packageName: '@teachablemachine/image',
    timeStamp,
    userMetadata: { generatedBy: 'GoGo Code' },
    modelName: modelName || 'untitled',
    labels: [...labels],
    imageSize: 224,
  };
}

/** model.json of the files, its manifest naming one weights.bin. */
function tmModelJson(files: TmModelFiles): Record<string, unknown> {
  return {
    modelTopology: files.modelTopology,
    format: 'layers-model',
    generatedBy: 'GoGo Code',
    convertedBy: null,
    weightsManifest: [{ paths: ['weights.bin'], weights: files.weightSpecs }],
  };
}

/** The setting's text for a trained model. */
export function encodeKeptModel(
  metadata: Record<string, unknown>,
  files: TmModelFiles,
  scores: readonly TmScore[],
  trainedAt: string,
): string {
  return JSON.stringify({
    format: TM_KEPT_FORMAT,
    version: VERSION,
    trainedAt,
    scores,
    metadata,
    model: tmModelJson(files),
    weights: toBase64Url(new Uint8Array(files.weightData)),
  });
}

/** Reads the setting's text; a model that cannot be used is a TmError 'bad-kept-model'. */
export function decodeKeptModel(text: string): KeptTmModel & { metadataJson: object } {
  if (text.length > MAX_TEXT) throw new TmError('bad-kept-model', 'size');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TmError('bad-kept-model', 'json');
  }
  if (!isRecord(json) || json.format !== TM_KEPT_FORMAT || json.version !== VERSION) {
    throw new TmError('bad-kept-model', 'format');
  }
  if (typeof json.weights !== 'string') throw new TmError('bad-kept-model', 'weights');
  let meta: TmMetadata;
  let manifest: ReturnType<typeof parseTmModelJson>;
  try {
    meta = parseTmMetadata(json.metadata);
    manifest = parseTmModelJson(json.model);
  } catch (e) {
    throw new TmError('bad-kept-model', e instanceof Error ? e.message : 'model');
  }
  const weights = fromBase64Url(json.weights);
  if (weightBytes(manifest.weightSpecs) !== weights.length) {
    throw new TmError('bad-kept-model', 'weights');
  }
  const scores = Array.isArray(json.scores)
    ? json.scores.filter(
        (s): s is TmScore =>
          isRecord(s) &&
          typeof s.label === 'string' &&
          Number.isInteger(s.right) &&
          Number.isInteger(s.total),
      )
    : [];
  return {
    meta,
    metadataJson: json.metadata as object,
    files: {
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightSpecs,
      weightData: weights.buffer as ArrayBuffer,
    },
    scores,
    trainedAt: typeof json.trainedAt === 'string' ? json.trainedAt : '',
  };
}

/** The three files of Teachable Machine's model folder, for the download. */
export function tmExportFiles(text: string): { name: string; data: Uint8Array }[] {
  const kept = decodeKeptModel(text);
  const encoder = new TextEncoder();
  return [
    { name: 'model.json', data: encoder.encode(JSON.stringify(tmModelJson(kept.files))) },
    { name: 'weights.bin', data: new Uint8Array(kept.files.weightData) },
    { name: 'metadata.json', data: encoder.encode(JSON.stringify(kept.metadataJson)) },
  ];
}
