// Logo text mode: CodeMirror, loaded on first use, bound to program.logoCode and to the
// compile errors. Above it, how Tab works and the switch that makes Tab indent, so nobody
// is trapped in the editor and nobody has to guess the way out (WCAG 2.1.2).
import { useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { subscribe } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { diagnostics, program, setLogoText } from '../../program/index.ts';
import { inBackground } from '../../api/report-failure.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../state/storage.ts';
import type { LogoTextEditor } from '../logo/logo-text-editor.ts';
import { setTextEditorHandle } from './text-editor-handle.ts';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

export default function LogoPane({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('editor');
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<LogoTextEditor | null>(null);
  const hintId = useId();
  const [tabIndents, setTabIndents] = useState(
    () => readStorage(STORAGE_KEYS.logoTabIndents) === 'on',
  );
  const label = t('logo.editorLabel');
  const toggleKeys = isMac() ? t('logo.tab.keysMac') : t('logo.tab.keys');

  const chooseTabIndents = (indent: boolean) => {
    setTabIndents(indent);
    writeStorage(STORAGE_KEYS.logoTabIndents, indent ? 'on' : null);
    editorRef.current?.setTabIndents(indent);
  };

  useEffect(() => {
    let editor: LogoTextEditor | null = null;
    let disposed = false;
    inBackground(
      import('../logo/logo-text-editor.ts').then(({ LogoTextEditor }) => {
        if (disposed || !host.current) return;
        editor = new LogoTextEditor(host.current, {
          doc: program.logoCode,
          readOnly,
          label,
          onChange: setLogoText,
          tabIndents: readStorage(STORAGE_KEYS.logoTabIndents) === 'on',
          onTabIndentsChange: (indent) => {
            setTabIndents(indent);
            writeStorage(STORAGE_KEYS.logoTabIndents, indent ? 'on' : null);
          },
          describedBy: readOnly ? undefined : hintId,
        });
        editorRef.current = editor;
        editor.showErrors(diagnostics.errors);
        setTextEditorHandle(editor);
      }),
    );
    const stopErrors = subscribe(diagnostics, () => editor?.showErrors(diagnostics.errors));
    // The text changes from outside when another program opens.
    const stopText = subscribeKey(program, 'logoCode', (text) => editor?.setText(text));
    return () => {
      disposed = true;
      stopErrors();
      stopText();
      setTextEditorHandle(null);
      editorRef.current = null;
      editor?.destroy();
    };
  }, [readOnly, label, hintId]);

  return (
    <div className="logo-pane">
      {!readOnly && (
        <div className="logo-tab-bar small px-2 py-1 border-bottom" data-testid="logo-tab-bar">
          <Form.Check
            type="switch"
            role="switch"
            id={`${hintId}-switch`}
            className="mb-0 text-nowrap"
            label={t('logo.tab.switch')}
            checked={tabIndents}
            onChange={(e) => chooseTabIndents(e.target.checked)}
          />
          <span id={hintId} className="text-body-secondary" data-testid="logo-tab-hint">
            {tabIndents
              ? t('logo.tab.indents', { keys: toggleKeys })
              : t('logo.tab.moves', { keys: toggleKeys })}
          </span>
        </div>
      )}
      <div className="logo-host" ref={host} data-testid="logo-editor" />
    </div>
  );
}
