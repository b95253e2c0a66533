// What the other features use of the labs: the Teachable Machine's panel on the GoGo board page.
export { default as TmBoardPanel } from './teachable-machine/ui/TmBoardPanel.tsx';
