// Fetches a Teachable Machine export (model.json, its weight files, metadata.json) on the
// page, so every failure gets its own message; the inference side only sees the bytes.
import {
  parseTmMetadata,
  parseTmModelJson,
  TmError,
  tmModelUrls,
  type TmMetadata,
  type TmModelFiles,
} from './tm-model.ts';

interface FetchedTmModel {
  meta: TmMetadata;
  files: TmModelFiles;
}

async function get(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal, credentials: 'omit' });
  } catch (e) {
    if (signal?.aborted) throw e;
    // A network failure, a refused connection or a URL the page may not reach.
    throw new TmError('unreachable', url);
  }
  if (response.status === 404 || response.status === 410) throw new TmError('not-found', url);
  if (!response.ok) throw new TmError('unreachable', `${url}: ${response.status}`);
  return response;
}

async function json(url: string, code: TmError['code'], signal?: AbortSignal): Promise<unknown> {
  const response = await get(url, signal);
  try {
    return await response.json();
  } catch {
    throw new TmError(code, url);
  }
}

export async function fetchTmModel(input: string, signal?: AbortSignal): Promise<FetchedTmModel> {
  const urls = tmModelUrls(input, location.href);
  const [modelJson, metaJson] = await Promise.all([
    json(urls.model, 'not-a-model', signal),
    json(urls.metadata, 'bad-metadata', signal),
  ]);
  const meta = parseTmMetadata(metaJson);
  const manifest = parseTmModelJson(modelJson);
  const parts = await Promise.all(
    manifest.weightPaths.map(
      async (p) =>
        new Uint8Array(await (await get(new URL(p, urls.model).href, signal)).arrayBuffer()),
    ),
  );
  const weightData = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    weightData.set(p, at);
    at += p.length;
  }
  return {
    meta,
    files: {
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightSpecs,
      weightData: weightData.buffer,
    },
  };
}
