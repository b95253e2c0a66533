// What the other features use of the editor: its page (an extension's code and a submission
// open in it), the blocks editor (a live class draws a read-only copy), the block texts'
// language. All of it carries Blockly: import this face from code that loads the editor
// anyway. Two more faces: handles.ts, light, follows the open editors; extension-library.ts
// makes an extension's library from a workspace (import it dynamically).
export { default as EditorPage } from './ui/EditorPage.tsx';
export { BlocksEditor } from './workspace/blocks-editor.ts';
export { ensureBlockLocale } from './blocks/messages.ts';
