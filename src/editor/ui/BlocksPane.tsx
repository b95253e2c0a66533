// The block workspace on the screen, kept in step with the program store: it loads the
// store's workspace when the program is replaced (program.revision), writes its XML and
// generated Logo back shortly after each edit, follows the chosen board and the language.
import i18next from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { connection } from '../../device/connection-store.ts';
import { inBackground } from '../../api/report-failure.ts';
import { extensions } from '../../state/extensions.ts';
import { markChanged, program, setWorkspaceFlusher } from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import { nextTask } from '../../ui/next-task.ts';
import { firstScreenShown } from '../../ui/first-screen.ts';
import { localeFontsReady, onScriptFontLoaded, scriptFontsLoaded } from '../../i18n/fonts.ts';
import { ensureBlockLocale } from '../blocks/messages.ts';
import { BlocksEditor } from '../workspace/blocks-editor.ts';
import { setBlocksEditorHandle } from './blocks-editor-handle.ts';
import { setBlockShower, setIncompleteBlocks } from './incomplete-notice.ts';
import { openKeyboardHelp } from './keyboard-help.ts';

/** Pause after an edit before the store gets the new XML and Logo. */
const SYNC_DELAY_MS = 250;

// The block texts start loading as soon as the editor's code runs, while React draws the
// page, rather than once this pane is on it: Blockly needs them before its first block.
// The pane's start waits for the same load, and says if it failed.
ensureBlockLocale(i18next.language || 'en').catch(() => undefined);

interface BlocksPaneProps {
  hidden: boolean;
  readOnly: boolean;
  onReady: (editor: BlocksEditor | null) => void;
}

export default function BlocksPane({ hidden, readOnly, onReady }: BlocksPaneProps) {
  const { t } = useTranslation('editor');
  const host = useRef<HTMLDivElement>(null);
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  }, [onReady]);
  const unableToOpen = t('file.unableToOpen');

  useEffect(() => {
    let editor: BlocksEditor | null = null;
    let disposed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    /** Writes the workspace and (in blocks mode) its Logo into the store. */
    const sync = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!editor) return;
      program.currentWorkspaceXmlText = editor.toXml();
      if (program.programMode === 'blocks') program.logoCode = editor.generate();
    };

    const loadFromStore = () => {
      if (!editor) return;
      clearTimeout(timer);
      try {
        editor.load(program.currentWorkspaceXmlText);
      } catch {
        showToast('warning', unableToOpen);
      }
      const generated = editor.generate();
      program.currentWorkspaceXmlText = editor.toXml();
      if (program.programMode === 'blocks') program.logoCode = generated;
      else if (!program.logoGenerated) program.logoGenerated = generated;
    };

    const onChange = () => {
      if (!readOnly) markChanged();
      clearTimeout(timer);
      timer = setTimeout(sync, SYNC_DELAY_MS);
    };

    /** Block texts and the font of their script, before Blockly measures them. */
    const localeReady = (lng: string) =>
      Promise.all([ensureBlockLocale(lng), localeFontsReady(lng)]);

    // Text in a script whose font arrived after the blocks were drawn (a Thai name in an
    // English program): measure again with the real glyphs, once.
    let measuredWithoutFonts = false;
    const onLanguage = (lng: string) => {
      inBackground(
        localeReady(lng).then(() => {
          measuredWithoutFonts = !scriptFontsLoaded();
          editor?.relocalize(connection.displayBoard, lng);
        }),
      );
    };
    const stopFonts = onScriptFontLoaded(() => {
      if (!editor || !measuredWithoutFonts || !scriptFontsLoaded()) return;
      measuredWithoutFonts = false;
      editor.relocalize(connection.displayBoard, i18next.language);
    });

    // Each step in a task of its own (the block texts, the workspace, the program, the
    // page's use of the editor), so the first load has no long task (docs/first-load.md).
    const start = async () => {
      await localeReady(i18next.language || 'en');
      await nextTask();
      if (disposed || !host.current) return;
      measuredWithoutFonts = !scriptFontsLoaded();
      const created = await BlocksEditor.create(
        host.current,
        {
          readOnly,
          board: connection.displayBoard,
          locale: i18next.language || 'en',
          onChange,
          onIncomplete: setIncompleteBlocks,
          onKeyboardHelp: openKeyboardHelp,
        },
        () => disposed,
      );
      if (!created) return;
      editor = created;
      setBlockShower((id) => created.showBlock(id));
      await nextTask();
      if (disposed) return;
      loadFromStore();
      setWorkspaceFlusher(sync);
      await nextTask();
      if (disposed) return;
      ready.current(created);
      setBlocksEditorHandle(created);
      firstScreenShown();
    };
    // A chunk that cannot load leaves the pane empty: say why.
    inBackground(start());

    const stopRevision = subscribeKey(program, 'revision', loadFromStore);
    const stopBoard = subscribeKey(connection, 'displayBoard', (board) => editor?.setBoard(board));
    const stopExtensions = subscribe(extensions, () =>
      editor?.refreshExtensions(connection.displayBoard),
    );
    i18next.on('languageChanged', onLanguage);
    const resize = new ResizeObserver(() => editor?.resize());
    if (host.current) resize.observe(host.current);

    return () => {
      disposed = true;
      if (timer !== undefined) sync();
      setWorkspaceFlusher(null);
      setBlockShower(null);
      stopRevision();
      stopBoard();
      stopExtensions();
      i18next.off('languageChanged', onLanguage);
      stopFonts();
      resize.disconnect();
      ready.current(null);
      if (editor) setBlocksEditorHandle(null);
      editor?.dispose();
      editor = null;
    };
  }, [readOnly, unableToOpen]);

  return <div className="blocks-host" ref={host} hidden={hidden} data-testid="blocks-workspace" />;
}
