// Logo text mode: CodeMirror, loaded on first use, bound to program.logoCode and to the
// compile errors.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { diagnostics, program, setLogoText } from '../../program/index.ts';
import type { LogoTextEditor } from '../logo/logo-text-editor.ts';
import { setTextEditorHandle } from './text-editor-handle.ts';

export default function LogoPane({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('editor');
  const host = useRef<HTMLDivElement>(null);
  const label = t('logo.editorLabel');

  useEffect(() => {
    let editor: LogoTextEditor | null = null;
    let disposed = false;
    void import('../logo/logo-text-editor.ts').then(({ LogoTextEditor }) => {
      if (disposed || !host.current) return;
      editor = new LogoTextEditor(host.current, {
        doc: program.logoCode,
        readOnly,
        label,
        onChange: setLogoText,
      });
      editor.showErrors(diagnostics.errors);
      setTextEditorHandle(editor);
    });
    const stopErrors = subscribe(diagnostics, () => editor?.showErrors(diagnostics.errors));
    // The text changes from outside when another program opens.
    const stopText = subscribeKey(program, 'logoCode', (text) => editor?.setText(text));
    return () => {
      disposed = true;
      stopErrors();
      stopText();
      setTextEditorHandle(null);
      editor?.destroy();
    };
  }, [readOnly, label]);

  return <div className="logo-host" ref={host} data-testid="logo-editor" />;
}
