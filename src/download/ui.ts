// The download's second face: the editor toolbar's download controls (progress, settings).
// They stay out of index.ts, which the start-up code imports.
export { DownloadProgressBar, DownloadSettingsMenu } from './ui/DownloadControls.tsx';
