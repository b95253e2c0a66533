// The editor's light face, for code that must not carry Blockly (the shell's start-up code
// among it): the handles that follow the open blocks and text editors (a live class's
// comments follow them). index.ts, the editor's main face, brings Blockly with it.
export { followBlocksEditor } from './ui/blocks-editor-handle.ts';
export { followTextEditor, type TextEditorHandle } from './ui/text-editor-handle.ts';
export type { BlocksEditor } from './workspace/blocks-editor.ts';
