// What the other features use of the firmware update: what the updater shows (`firmware`,
// whether an update runs). The app starts the feature from boot.ts.
export { firmware } from './firmware-state.ts';
