// What the other features use of compile and download: the board services (download, run,
// stop, extract code), their status, errors and messages. The editor's start-up code runs
// downloads through it; the toolbar's download controls have a face of their own (ui.ts).
export { getBoardServices } from './runtime.ts';
export { downloadStatus } from './download-store.ts';
export { DownloadError } from './download-service.ts';
export { ExtractError, type Extracted } from './extract-code.ts';
export { downloadErrorText, extractErrorText } from './messages.ts';
export { translateCompileMessage } from './compile-messages.ts';
