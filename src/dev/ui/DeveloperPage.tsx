// Developer tools: parse an Intel HEX file in the core worker and show what it holds.
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HexImage, CoreError } from '../../core/wasm-core.ts';
import { coreBridge } from '../../bridge/core-bridge.ts';
import Screen from '../../shell/ui/Screen.tsx';
import Loading from '../../ui/busy/Loading.tsx';

type State =
  | { kind: 'idle' }
  | { kind: 'parsing'; name: string }
  | { kind: 'done'; name: string; image: Omit<HexImage, 'data'> & { size: number }; ms: number }
  | { kind: 'failed'; name: string; error: CoreError<string> };

const hex32 = (n: number) => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;

export default function DeveloperPage() {
  const { t } = useTranslation('dev');
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    setState({ kind: 'parsing', name: file.name });
    const started = performance.now();
    try {
      const text = new Uint8Array(await file.arrayBuffer());
      const result = await coreBridge.parseHex(text);
      const ms = performance.now() - started;
      if (result.ok) {
        const { data, ...rest } = result.value;
        setState({ kind: 'done', name: file.name, image: { ...rest, size: data.byteLength }, ms });
      } else {
        setState({ kind: 'failed', name: file.name, error: result.error });
      }
    } catch (err) {
      setState({
        kind: 'failed',
        name: file.name,
        error: { code: 'read', message: err instanceof Error ? err.message : String(err) },
      });
    }
  }

  return (
    <Screen titleId="dev-title" title={t('title')} intro={t('intro')} width="fixed">
      <div className="mb-3">
        <label htmlFor="hex-file" className="form-label">
          {t('hex.choose')}
        </label>
        <input
          id="hex-file"
          className="form-control"
          type="file"
          accept=".hex,.ihex,.ihx,text/plain"
          onChange={(e) => void onFile(e)}
        />
      </div>
      {state.kind === 'parsing' && (
        <Loading text={t('hex.parsing', { name: state.name })} className="mb-3" />
      )}
      {state.kind === 'failed' && (
        <div className="alert alert-warning" role="alert" data-testid="hex-error">
          <strong>{t('hex.failed', { name: state.name })}</strong>{' '}
          {t(`hex.errors.${state.error.code}`, { defaultValue: state.error.message })}
          {state.error.line ? ` ${t('hex.atLine', { line: state.error.line })}` : ''}
        </div>
      )}
      {state.kind === 'done' && (
        <div data-testid="hex-result">
          <p role="status">
            {t('hex.summary', {
              name: state.name,
              bytes: state.image.usedBytes,
              size: state.image.size,
              ms: state.ms.toFixed(1),
            })}
          </p>
          <table className="table table-sm w-auto">
            <caption>{t('hex.rangesCaption', { count: state.image.ranges.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hex.start')}</th>
                <th scope="col">{t('hex.end')}</th>
                <th scope="col">{t('hex.length')}</th>
              </tr>
            </thead>
            <tbody>
              {state.image.ranges.map((r) => (
                <tr key={r.start}>
                  <td>
                    <code>{hex32(r.start)}</code>
                  </td>
                  <td>
                    <code>{hex32(r.start + r.length - 1)}</code>
                  </td>
                  <td>{r.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Screen>
  );
}
