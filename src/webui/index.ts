// What the other features use of the web UI: the board bridge's panel, on the GoGo board page.
// The app starts the feature from boot.ts.
export { default as BoardBridgePanel } from './ui/BoardBridgePanel.tsx';
