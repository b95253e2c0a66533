// The program editor screen (routes /program, /editor, /view, /code, … see variants.ts):
// toolbar, the block workspace or the Logo text, and the Logo panel. Blockly and the text
// editor arrive with this screen's chunk, not with the shell.
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { confirm } from '../../shell/confirm.ts';
import { inBackground } from '../../api/report-failure.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import {
  discardLogoEdits,
  enterLogoMode,
  leaveLogoMode,
  openProgram,
  program,
  type ProgramMode,
  projectLoader,
  replaceWithLogoBlocks,
  showLogoErrors,
} from '../../program/index.ts';
import { coreBridge } from '../../bridge/core-bridge.ts';
import type { ImportProblem } from '../logo/logo-import.ts';
import { EDITOR_VARIANTS, type EditorVariantId } from '../variants.ts';
import type { BlocksEditor } from '../workspace/blocks-editor.ts';
import BlocksPane from './BlocksPane.tsx';
import EditorToolbar from './EditorToolbar.tsx';
import LogoPane from './LogoPane.tsx';
import LogoPanel from './LogoPanel.tsx';
import KeyboardHelp from './KeyboardHelp.tsx';
import PromptHost from './PromptHost.tsx';
import { hostWidgetArea, widgetArea } from '../../shell/widget-panes.ts';
import { useVersionsTab } from './versions-pane.ts';
import './editor.css';

interface LogoImportProblem {
  problem: ImportProblem;
  line: number;
  word: string;
}

/** Loads the program a route's id names, through the projects feature's loader. */
function useProjectFromRoute(variant: EditorVariantId): void {
  const { id } = useParams();
  useEffect(() => {
    const load = projectLoader();
    if (!EDITOR_VARIANTS[variant].loadsProject) return;
    if (!id || !load || id === program.currentProjectId) return;
    let cancelled = false;
    // The loader reports its own failures ('Unable to open', sign-in needed).
    load(id, variant).then(
      (loaded) => {
        if (!cancelled && loaded) openProgram(loaded);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [id, variant]);
}

export default function EditorPage({ variant }: { variant: EditorVariantId }) {
  const config = EDITOR_VARIANTS[variant];
  const { t } = useTranslation(['screens', 'editor']);
  const title = t(`screens:${variant}.title`);
  useDocumentTitle(title);
  useProjectFromRoute(variant);

  const blocks = useRef<BlocksEditor | null>(null);
  /** Why edited Logo text cannot go back to blocks (shown until the mode changes). */
  const [notice, setNotice] = useState<LogoImportProblem | null>(null);
  const { programMode } = useSnapshot(program);
  const { visible: widgetVisible } = useSnapshot(widgetArea);
  const mode: ProgramMode = config.logo ? programMode : 'blocks';

  useEffect(() => (config.logo ? hostWidgetArea() : undefined), [config.logo]);
  // Programs kept when something replaced the open one, to go back to (not in a viewer, nor
  // while editing an extension's code).
  useVersionsTab(config.logo && !config.readOnly && variant !== 'extension');

  const generated = useCallback(() => blocks.current?.generate() ?? program.logoCode, []);

  const switchMode = async (target: ProgramMode) => {
    setNotice(null);
    if (target === 'logo') {
      enterLogoMode(generated());
      return;
    }
    if (leaveLogoMode(generated()) === 'blocks') return;
    // Edited text: rebuild the blocks from it when the blocks can express it.
    const { logoToBlocks, LogoImportError } = await import('../logo/logo-import.ts');
    try {
      // core-rs parses in the core worker, exactly as it compiles.
      const xml = await logoToBlocks(program.logoCode, (source, version) =>
        coreBridge.parseLogo(source, version),
      );
      if (await confirm(t('editor:logo.confirmConvert'))) replaceWithLogoBlocks(xml);
    } catch (e) {
      if (!(e instanceof LogoImportError)) throw e;
      setNotice({ problem: e.problem, line: e.line, word: e.word });
      // Text the compiler cannot read: mark the words in the editor and list them.
      if (e.problem !== 'notAsBlocks' && e.range) {
        const text = t(`editor:logo.problem.${e.problem}`, { line: e.line, word: e.word });
        // The problem texts start with their line ("Line 3: "); the panel shows it apart.
        const message = text.replace(/^[^:]*:\s*/, '');
        showLogoErrors([{ line: e.line, message, range: e.range }]);
      }
    }
  };

  const discard = async () => {
    if (await confirm(t('editor:logo.confirmDiscard'))) {
      discardLogoEdits(generated());
      setNotice(null);
    }
  };

  return (
    <section className="editor-page" data-screen={variant} data-mode={mode}>
      <h1 className="visually-hidden">{title}</h1>
      <EditorToolbar
        mode={mode}
        logo={config.logo}
        extensions={!config.readOnly && variant !== 'extension'}
        keyboardHelp={!config.readOnly && mode === 'blocks'}
        onMode={(m) => inBackground(switchMode(m))}
      />
      {config.readOnly && (
        <p className="alert alert-info rounded-0 small py-1 px-3 mb-0">{t('editor:readOnly')}</p>
      )}
      {notice && mode === 'logo' && (
        <Alert
          variant="warning"
          className="rounded-0 small py-2 px-3 mb-0"
          data-testid="logo-edited"
        >
          <p className="mb-1 fw-semibold">
            {t(`editor:logo.problem.${notice.problem}`, { line: notice.line, word: notice.word })}
          </p>
          <p className="mb-2">{t('editor:logo.edited')}</p>
          <button
            type="button"
            className="btn btn-sm btn-outline-dark"
            onClick={() => void discard()}
          >
            {t('editor:logo.discard')}
          </button>
        </Alert>
      )}
      <div className="editor-body">
        <div className="editor-main">
          <BlocksPane
            hidden={mode === 'logo'}
            readOnly={config.readOnly}
            onReady={(editor) => {
              blocks.current = editor;
            }}
          />
          {mode === 'logo' && <LogoPane readOnly={config.readOnly} />}
        </div>
        {config.logo && widgetVisible && <LogoPanel mode={mode} />}
      </div>
      <PromptHost />
      <KeyboardHelp />
    </section>
  );
}
